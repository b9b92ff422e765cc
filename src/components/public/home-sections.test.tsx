import { describe, expect, it } from 'vitest'
import { makeArticle, makeStandings, makeStream } from '../../../tests/helpers/public-items.ts'
import { renderIsland, textOf } from '../../../tests/helpers/render-island.ts'
import { HomeGames, HomeGear, HomeNews, HomeStandings, HomeStreams } from './home-sections.tsx'

/**
 * The home page's list sections (spec 000 section 2) as the page's HTML holds them: they show the
 * page's items and read nothing on load (decision 0704), so no section has a loading state on
 * entry. The edge cases the demo content lacks, with the spec's exact texts; the sections with the
 * demo content are tested in the browser (tests/e2e/public-home.spec.ts).
 */

describe('Latest Racing News', () => {
  it("the first 3 articles and 'View All News (N)', disabled until the island is live", () => {
    const page = renderIsland(<HomeNews initial={[1, 2, 3].map((n) => makeArticle(n))} total={12} />)
    expect(page.byRole('article')).toHaveLength(3)
    const [button, ...others] = page.byRole('button')
    expect(others).toEqual([])
    expect(textOf(button)).toBe('View All News (12)')
    expect(button!.hasAttribute('disabled')).toBe(true)
  })

  it('no button when there are 3 articles or fewer', () => {
    const page = renderIsland(<HomeNews initial={[1, 2].map((n) => makeArticle(n))} total={2} />)
    expect(page.byRole('article')).toHaveLength(2)
    expect(page.byRole('button')).toHaveLength(0)
  })

  it('empty message', () => {
    const page = renderIsland(<HomeNews initial={[]} total={0} />)
    expect(page.text()).toBe('No news articles available at the moment.')
  })
})

describe('Championship Standings', () => {
  it('at most 4 championships, the top 3 of each', () => {
    const page = renderIsland(<HomeStandings initial={[1, 2, 3, 4, 5].map(makeStandings)} />)
    expect(page.byRole('article')).toHaveLength(4)
    for (const card of page.byRole('article')) expect(card.querySelectorAll('li')).toHaveLength(3)
  })

  it('empty message with the admin note', () => {
    const page = renderIsland(<HomeStandings initial={[]} />)
    expect(page.text()).toBe(
      'No championship standings available. Standings appear here when championships are generated through the admin panel.',
    )
  })
})

describe('Racing Streams', () => {
  it('the first 6 and View All Streams when more exist', () => {
    const page = renderIsland(<HomeStreams initial={[1, 2, 3, 4, 5, 6, 7].map((n) => makeStream(n))} />)
    expect(page.byRole('article')).toHaveLength(6)
    expect(page.headings()).not.toContain('Test stream 7')
    const viewAll = page.byRole('link').filter((a) => textOf(a) === 'View All Streams')
    expect(viewAll.map((a) => a.getAttribute('href'))).toEqual(['/streaming'])
  })

  it('no View All Streams with 6; en-US start time; Watch Stream disabled without a URL', () => {
    const six = [1, 2, 3, 4, 5, 6].map((n) => makeStream(n, n === 2 ? { streamUrl: null, isLive: true } : {}))
    const page = renderIsland(<HomeStreams initial={six} />)
    expect(page.byRole('article')).toHaveLength(6)
    expect(page.byRole('link').filter((a) => textOf(a) === 'View All Streams')).toHaveLength(0)

    const [first, second] = page.byRole('article')
    expect(textOf(first)).toContain('Nov 22, 2:05 PM UTC')
    expect(textOf(first)).not.toContain('LIVE')
    const watch = first!.querySelector('a[href]')!
    expect(textOf(watch)).toBe('Watch Stream Test stream 1 (opens in a new tab)')
    expect(watch.getAttribute('href')).toBe('https://www.twitch.tv/test1')
    expect(watch.getAttribute('target')).toBe('_blank')

    const button = second!.querySelector('button')!
    expect(textOf(button)).toBe('Watch Stream')
    expect(button.hasAttribute('disabled')).toBe(true)
    expect(second!.querySelector('a[href]')).toBeNull()
    expect(textOf(second)).toContain('LIVE')
    expect([...second!.querySelectorAll('li')].map(textOf)).toEqual(['One', 'Two', 'Three'])
  })

  it('empty message with the admin note', () => {
    const page = renderIsland(<HomeStreams initial={[]} />)
    expect(page.text()).toBe('No streams available. Live streams appear here when added through the admin panel.')
  })
})

describe('featured games and gear', () => {
  it('empty messages', () => {
    expect(renderIsland(<HomeGames initial={[]} />).text()).toBe('No featured games available at the moment.')
    expect(renderIsland(<HomeGear initial={[]} />).text()).toBe('No featured accessories available at the moment.')
  })
})
