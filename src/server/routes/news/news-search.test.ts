import { beforeEach, describe, expect, it } from 'vitest'
import { createNews } from '../../demo/factories.ts'
import { findNewsPage } from '../../repos/news.repo.ts'
import { send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)
const titles = (body: { title: string }[]) => body.map((a) => a.title)
const search = async (query: string) => {
  const res = await send('GET', `/api/news?${query}`)
  return { titles: titles(res.body), total: Number(res.headers.get('x-total-count')) }
}

/** Articles that hold 'Fanatec' in different places, the newest holding it least. */
async function fanatecArticles() {
  await createNews({
    title: 'Weekly round-up',
    content: '<p>Prices of the Fanatec bundles fell.</p>',
    timestamp: daysAgo(1),
  })
  await createNews({ title: 'Wheel bases compared', content: '<p>Fanatecs and Simucube.</p>', timestamp: daysAgo(2) })
  await createNews({
    title: 'Direct drive for less',
    content: '<p>The new Fanatec CSL DD is here.</p>',
    timestamp: daysAgo(3),
  })
  await createNews({ title: 'Fanatec ClubSport DD+ review', content: '<p>A review.</p>', timestamp: daysAgo(9) })
  await createNews({ title: 'FanatecX? No: a typo', content: '<p>Nothing else.</p>', timestamp: daysAgo(8) })
  await createNews({ title: 'Unrelated', content: '<p>Rain at Spa.</p>', timestamp: daysAgo(0) })
}

describe('the news search ranks (issue 44, decision 0872)', () => {
  it('puts the term in a title first, whole words before parts, then the articles that mention it, newest first; the count is the same', async () => {
    await fanatecArticles()
    const relevant = await search('search=fanatec')
    expect(relevant.titles).toEqual([
      'Fanatec ClubSport DD+ review', // title, whole word (9 days old)
      'FanatecX? No: a typo', // title, inside a longer word (8 days old)
      'Weekly round-up', // excerpt, whole word: the newest first
      'Direct drive for less',
      'Wheel bases compared', // excerpt, inside a longer word ('Fanatecs')
    ])
    // 'Newest first' is the other order; what matches and the count are the spec's, unchanged.
    const newest = await search('search=fanatec&order=newest')
    expect(newest.titles).toEqual([
      'Weekly round-up',
      'Wheel bases compared',
      'Direct drive for less',
      'FanatecX? No: a typo',
      'Fanatec ClubSport DD+ review',
    ])
    expect(relevant.total).toBe(5)
    expect(newest.total).toBe(5)
    expect((await send('GET', '/api/news?search=fanatec&order=oldest')).body).toEqual({
      message: 'The order must be relevant or newest.',
    })
  })

  it('ranks a body mention below a title at scale, whatever the dates', async () => {
    for (let i = 0; i < 40; i++)
      await createNews({
        title: `Race report ${i}`,
        content: `<p>${'Long introduction. '.repeat(12)}The Nordschleife was wet.</p>`,
        timestamp: daysAgo(i / 10),
      })
    await createNews({ title: 'Nordschleife: the 24 hours', content: '<p>Old news.</p>', timestamp: daysAgo(30) })
    const { titles: found, total } = await search('search=nordschleife&limit=3')
    expect(found[0]).toBe('Nordschleife: the 24 hours')
    expect(total).toBe(41)
  })
})

describe('the excerpt over the text, whole words over parts (issue 44, decision 0872)', () => {
  /** The term in every place, the newest holding it least: each article's tier is in its title. */
  async function gt3Articles() {
    const intro = 'A long introduction about the season and its races, written to fill the excerpt. '.repeat(3)
    const article = (title: string, content: string, excerpt: string | undefined, days: number) =>
      createNews({
        title,
        content: `<p>${content}</p>`,
        ...(excerpt === undefined ? {} : { excerpt }),
        timestamp: daysAgo(days),
      })
    await article('Text, part word', `${intro} The GT300 class.`, undefined, 0)
    await article('Text, whole word', `${intro} The GT3 class.`, undefined, 1)
    await article('Excerpt, part word', 'Body.', 'The GT3R at Spa.', 2)
    await article('Excerpt, whole word', 'Body.', 'The GT3 field at Spa.', 3)
    await article('Title, part word: GT3R', 'Body.', 'Short.', 4)
    await article('Title, whole word: GT3', 'Body.', 'Short.', 5)
    await article('Nothing', 'Rain at Spa.', 'Rain.', 0)
    // The newest of all, a draft: never found by a visitor's search, whatever the window reads.
    await createNews({ title: 'GT3 draft', status: 'draft', timestamp: new Date() })
  }
  const order = [
    'Title, whole word: GT3',
    'Title, part word: GT3R',
    'Excerpt, whole word',
    'Excerpt, part word',
    'Text, whole word',
    'Text, part word',
  ]

  it('orders the six tiers, oldest first here, as the reader would rank them', async () => {
    await gt3Articles()
    expect(await search('search=GT3')).toEqual({ titles: order, total: 6 })
    // Page by page, the same order.
    expect((await search('search=gt3&limit=4&offset=2')).titles).toEqual(order.slice(2))
  })

  it('reads the newest articles first and the indexes only as it must, with the same answer (RECENT_WINDOW)', async () => {
    await gt3Articles()
    // As a search with thousands of matches is answered (rankAllUpTo: 0): a small window of the
    // newest is not the whole list, so the places are read through their indexes, or taken from
    // the window when it holds enough whole-word matches.
    for (const recentWindow of [1, 2, 3, 5, 7, 8, 1000])
      for (const [offset, limit] of [
        [0, 1],
        [0, 3],
        [1, 2],
        [2, 3],
        [4, 10],
        [6, 5],
      ] as const) {
        const { items, total } = await findNewsPage({ search: 'gt3', offset, limit }, { recentWindow, rankAllUpTo: 0 })
        expect(
          items.map((a) => a.title),
          `window ${recentWindow}, offset ${offset}, limit ${limit}`,
        ).toEqual(order.slice(offset, offset + limit))
        expect(total).toBe(6)
      }
  })
})

describe('a search that finds nothing (issue 44, decision 0872)', () => {
  it("offers 'Did you mean' from the site's own words, accents folded and a typo forgiven", async () => {
    await createNews({ title: '24 Hours of the Nürburgring: the grid', content: '<p>Nordschleife in May.</p>' })
    await fanatecArticles()
    for (const [term, offered] of [
      ['Nurburgring', 'Nürburgring'],
      ['fanatc', 'Fanatec'],
      // Two letters swapped inside a short word share only half its trigrams.
      ['fanaetc', 'Fanatec'],
      ['nurburgring grid', 'Nürburgring grid'],
    ] as const) {
      expect((await search(`search=${encodeURIComponent(term)}`)).total).toBe(0)
      const help = await send('GET', `/api/news/search-help?search=${encodeURIComponent(term)}`)
      expect(help.status).toBe(200)
      expect(help.body.suggestion, term).toBe(offered)
    }
    expect((await send('GET', '/api/news/search-help?search=zzzq')).body).toEqual({ suggestion: null, allWords: [] })
    expect((await send('GET', '/api/news/search-help?search=%20')).body).toEqual({
      message: 'Please enter a search term.',
    })
  })

  it('shows the articles holding all the words in any order', async () => {
    await createNews({ title: 'Wet race at Spa', content: '<p>Verstappen won it.</p>', timestamp: daysAgo(2) })
    await createNews({ title: 'Verstappen at Spa', content: '<p>Dry and wet.</p>', timestamp: daysAgo(1) })
    await createNews({ title: 'Spa only', content: '<p>Nothing else.</p>' })
    expect((await search('search=spa%20verstappen')).total).toBe(0)
    const help = await send('GET', '/api/news/search-help?search=spa%20verstappen')
    expect(titles(help.body.allWords)).toEqual(['Verstappen at Spa', 'Wet race at Spa'])
    expect(help.body.suggestion).toBeNull()
  })
})
