import { describe, expect, it } from 'vitest'
import { makeArticle, makeGame, makeStream } from '../../../tests/helpers/public-items.ts'
import { renderIsland, textOf } from '../../../tests/helpers/render-island.ts'
import { AccessoriesBrowser } from './accessories-browser.tsx'
import { ChampionshipsBoard } from './championships-board.tsx'
import { GamesBrowser } from './games-browser.tsx'
import { LapRecordsBoard } from './lap-records-board.tsx'
import { NewsBrowser } from './news-browser.tsx'
import { ReviewsBrowser } from './reviews-browser.tsx'
import { StreamsBoard } from './streams-board.tsx'

/**
 * The list screens of spec 000 as their pages' HTML holds them (decision 0704: an island shows the
 * page's items and reads nothing on load, so its states are a function of those items): the edge
 * cases the demo content lacks, with the spec's exact texts. The loading skeletons are not here:
 * no list screen shows one on entry any more (the list comes with the page; the news list shows
 * its skeleton while a typed search is on its way, tests/e2e/public-lists.spec.ts). The error panels
 * as a visitor meets them, with the database away, are in tests/e2e/database-away.spec.ts.
 */

describe('/games', () => {
  it('hides the rating badge for 0, 0.00 and none, and counts every game', () => {
    const games = [
      makeGame(1, { rating: '0' }),
      makeGame(2, { rating: '0.00' }),
      makeGame(3, { rating: 'none' }),
      makeGame(4, { rating: '75' }),
    ]
    const page = renderIsland(<GamesBrowser initial={games} />)
    expect(page.headings()).toEqual(['4 Game(s) Found', 'Game 1', 'Game 2', 'Game 3', 'Game 4'])
    expect(page.byRole('article')).toHaveLength(4)
    const badges = page.byRole('article').filter((card) => textOf(card).includes('Rating:'))
    expect(badges.map(textOf)).toEqual([expect.stringContaining('Rating: 75%')])
  })

  it('empty: No Games Found', () => {
    const page = renderIsland(<GamesBrowser initial={[]} />)
    expect(page.headings()).toEqual(['No Games Found'])
    expect(page.text()).toContain('No sim racing games are available at the moment.')
    expect(page.byRole('article')).toHaveLength(0)
  })

  it('the page could not read its games: Failed to Load Games, with Retry', () => {
    const [alert, ...more] = renderIsland(<GamesBrowser initial={undefined} />).byRole('alert')
    expect(more).toEqual([])
    expect(textOf(alert)).toBe("Failed to Load Games We're having trouble loading the games. Please try again later. Retry")
    // In the page's HTML (the page could not read its data): disabled until the island is live (decision 0111).
    expect(alert!.querySelector('button')!.hasAttribute('disabled')).toBe(true)
  })
})

describe('/accessories', () => {
  it('empty without a search: No Hardware Found, 0 counted, no Clear Search', () => {
    const page = renderIsland(<AccessoriesBrowser initial={[]} />)
    expect(page.headings()).toEqual(['0 Hardware Item(s) Found', 'No Hardware Found'])
    expect(page.text()).toContain('No hardware is available at the moment.')
    expect(page.byRole('button').map(textOf)).toEqual([])
  })

  it('the page could not read its hardware: Failed to Load Hardware, with Retry', () => {
    const [alert] = renderIsland(<AccessoriesBrowser initial={undefined} />).byRole('alert')
    expect(textOf(alert)).toBe(
      "Failed to Load Hardware We're having trouble loading the hardware. Please try again later. Retry",
    )
  })
})

describe('/championships', () => {
  it('empty: No Championship Data, with the admin note', () => {
    const page = renderIsland(<ChampionshipsBoard initial={[]} />)
    expect(page.headings()).toEqual(['No Championship Data'])
    expect(page.text()).toBe(
      'No Championship Data No championship standings available. Standings appear here when championships are generated through the admin panel.',
    )
  })

  it('the page could not read them: Failed to Load Championships, with Retry', () => {
    const [alert] = renderIsland(<ChampionshipsBoard initial={undefined} />).byRole('alert')
    expect(textOf(alert)).toBe('Failed to Load Championships Unable to fetch championship data at the moment. Retry')
  })
})

describe('/streaming', () => {
  it('no LIVE NOW section without live streams; Recent Streams lists the others', () => {
    const page = renderIsland(<StreamsBoard initial={[makeStream(1), makeStream(2)]} initialLive={[]} />)
    expect(page.headings()).toEqual(['Recent Streams', 'Test stream 1', 'Test stream 2'])
  })

  it('LIVE NOW first when a stream is live, without it among the recent ones', () => {
    const live = makeStream(1, { isLive: true })
    const page = renderIsland(<StreamsBoard initial={[live, makeStream(2)]} initialLive={[live]} />)
    expect(page.headings()).toEqual(['LIVE NOW', 'Test stream 1', 'Recent Streams', 'Test stream 2'])
  })

  it('no streams at all: the empty message with the admin note', () => {
    const page = renderIsland(<StreamsBoard initial={[]} initialLive={[]} />)
    expect(page.text()).toBe('No streams available. Live streams appear here when added through the admin panel.')
    expect(page.byRole('article')).toHaveLength(0)
  })
})

describe('/reviews', () => {
  it('the server has none: No Reviews Available, without Clear Search', () => {
    const page = renderIsland(<ReviewsBrowser initial={[]} />)
    expect(page.headings()).toEqual(['No Reviews Available'])
    expect(page.text()).toContain('There are no game reviews yet. Check back soon.')
    expect(page.byRole('button')).toHaveLength(0)
  })

  it('the page could not read them: Failed to Load Reviews, with Retry', () => {
    const [alert] = renderIsland(<ReviewsBrowser initial={undefined} />).byRole('alert')
    expect(textOf(alert)).toBe(
      "Failed to Load Reviews We're having trouble loading the reviews. Please try again later. Retry",
    )
  })
})

describe('/lap-times', () => {
  it('no imported laps: No Lap Records Yet, with the admin note', () => {
    const page = renderIsland(<LapRecordsBoard initial={[]} />)
    expect(page.headings()).toEqual(['No Lap Records Yet'])
    expect(page.text()).toBe(
      'No Lap Records Yet No lap times have been imported yet. Lap records appear here when race results are imported through the admin panel.',
    )
  })

  it('the page could not read them: Failed to Load Lap Records, with Retry', () => {
    const [alert] = renderIsland(<LapRecordsBoard initial={undefined} />).byRole('alert')
    expect(textOf(alert)).toBe('Failed to Load Lap Records Unable to fetch lap records at the moment. Retry')
  })
})

describe('/news', () => {
  const everything = { search: '', category: '', order: 'relevant' as const, page: 1 }

  it("a search's own answer: its count, its cards, the box prefilled and the category chosen as the list names it", () => {
    const cards = [makeArticle(1), makeArticle(2)]
    const page = renderIsland(
      <NewsBrowser
        initial={cards}
        total={2}
        categories={['Esports', 'F1 News']}
        query={{ search: 'iracing', category: 'f1 news', order: 'relevant', page: 1 }}
      />,
    )
    expect(page.headings()).toEqual(['2 Article(s) Found', 'Test article 1', 'Test article 2'])
    expect(page.root.querySelector('input[type="search"]')?.getAttribute('value')).toBe('iracing')
    expect(textOf(page.root.querySelector('option[selected]'))).toBe('F1 News')
    // No skeleton: the list comes with the page.
    expect(page.byRole('status')).toHaveLength(0)
  })

  it('a search that finds nothing: No News Articles Found, with Clear Filters', () => {
    const page = renderIsland(<NewsBrowser initial={[]} total={0} categories={['F1 News']} query={{ ...everything, search: 'zzz' }} />)
    expect(page.headings()).toEqual(['0 Article(s) Found', 'No News Articles Found'])
    expect(page.text()).toContain('No articles match your search or category.')
    const [clear, ...others] = page.byRole('button')
    expect(others).toEqual([])
    expect(textOf(clear)).toBe('Clear Filters')
    // In the page's HTML: disabled until the island is live, or a click would be lost (decision 0111).
    expect(clear!.hasAttribute('disabled')).toBe(true)
  })

  it('no articles at all: No News Articles Found, with the empty text', () => {
    const page = renderIsland(<NewsBrowser initial={[]} total={0} categories={[]} query={everything} />)
    expect(page.headings()).toEqual(['0 Article(s) Found', 'No News Articles Found'])
    expect(page.text()).toContain('No news articles available at the moment.')
  })

  it('the page could not read the news: Failed to Load News, with Retry', () => {
    const [alert] = renderIsland(<NewsBrowser initial={undefined} query={everything} />).byRole('alert')
    expect(textOf(alert)).toBe("Failed to Load News We're having trouble loading the news. Please try again later. Retry")
  })
})
