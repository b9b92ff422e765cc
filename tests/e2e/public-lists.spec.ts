import { apiRequests, expect, hold, islandsHydrated, test } from './public-helpers.ts'

/**
 * The list screens of spec 000 with the demo content, as the site serves them. An island shows its
 * page's items and reads nothing on load (decision 0704): its states for made-up data (the rating
 * badges, the empty states) are render tests (src/components/public/list-islands.test.tsx), no list
 * screen shows a loading skeleton on entry (the news list shows one while a typed search is on its
 * way, below), and the error panels, met with the database away, are in database-away.spec.ts.
 */

test.describe('games', () => {
  test('heading, count, cards with the rating and website rules', async ({ page, request }) => {
    const games = await (await request.get('/api/games/steam')).json()
    await page.goto('/games')
    await expect(page.getByRole('heading', { level: 1, name: 'SIM RACING GAMES' })).toBeVisible()
    await expect(page.getByRole('heading', { name: `${games.length} Game(s) Found` })).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(games.length)

    const card = (title: string) =>
      page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    await expect(card('Assetto Corsa').getByText('89%')).toBeVisible()
    await expect(card('iRacing').getByText('92%')).toBeVisible()
    await expect(card('Forza Motorsport').getByText('Rating: N/A')).toBeVisible()
    await expect(card('Assetto Corsa EVO').getByText('Rating: Not yet rated')).toBeVisible()
    await expect(card('RaceRoom Racing Experience').getByText(/Rating:/)).toHaveCount(0)
    // Through /go/, which counts the click and redirects to the website (docs/decisions/0852).
    const website = card('iRacing').getByRole('link', { name: /Visit Website/ })
    const iracing = games.find((g: { title: string }) => g.title === 'iRacing')
    await expect(website).toHaveAttribute('href', `/go/game/${iracing.id}`)
    await expect(website).toHaveAttribute('rel', 'sponsored nofollow noopener')
    await expect(website).toHaveAttribute('target', '_blank')
    await expect(card('DiRT Rally 2.0').getByRole('link', { name: /Visit Website/ })).toHaveCount(0)
  })
})

test.describe('hardware', () => {
  test('header, search on name and description, sort, count', async ({ page, request }) => {
    const items = await (await request.get('/api/accessories')).json()
    await page.goto('/accessories')
    await islandsHydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'RACING HARDWARE' })).toBeVisible()
    await expect(page.getByText('Professional-grade sim racing equipment')).toBeVisible()
    await expect(page.getByRole('heading', { name: `${items.length} Hardware Item(s) Found` })).toBeVisible()

    const sort = page.getByRole('combobox', { name: 'Sort by' })
    await expect(sort.getByRole('option')).toHaveText(['Newest First', 'Name A-Z', 'Category'])
    const names = () => page.getByRole('article').getByRole('heading').allTextContents()
    expect(await names()).toEqual(items.map((i: { name: string }) => i.name))
    await sort.selectOption({ label: 'Name A-Z' })
    const byName = [...items.map((i: { name: string }) => i.name)].sort((a, b) =>
      a.localeCompare(b, 'en', { sensitivity: 'base' }),
    )
    expect(await names()).toEqual(byName)
    await sort.selectOption({ label: 'Category' })
    const byCategory = [...items]
      .sort(
        (a, b) =>
          a.category.localeCompare(b.category, 'en', { sensitivity: 'base' }) ||
          a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
      )
      .map((i: { name: string }) => i.name)
    expect(await names()).toEqual(byCategory)

    const search = page.getByPlaceholder('Search hardware...')
    const target = items[0]
    await search.fill(target.name.toUpperCase())
    await expect(page.getByRole('article').getByRole('heading', { name: target.name })).toBeVisible()
    const word = target.description.split(' ').find((w: string) => w.length > 6) ?? target.description.slice(0, 8)
    await search.fill(word.toLowerCase())
    await expect(page.getByRole('heading', { name: /Hardware Item\(s\) Found/ })).toBeVisible()
    await expect(page.getByRole('article').getByRole('heading', { name: target.name })).toBeVisible()

    const buy = page
      .getByRole('article')
      .first()
      .getByRole('link', { name: /Buy Now/ })
    await expect(buy).toHaveAttribute('href', /^\/go\/hardware\/\d+$/)
    await expect(buy).toHaveAttribute('rel', 'sponsored nofollow noopener')
    await expect(buy).toHaveAttribute('target', '_blank')
  })

  test('No Hardware Found, with Clear Search when a search is active', async ({ page }) => {
    await page.goto('/accessories')
    await islandsHydrated(page)
    await page.getByPlaceholder('Search hardware...').fill('zzz-no-such-thing')
    await expect(page.getByRole('heading', { name: 'No Hardware Found' })).toBeVisible()
    await expect(page.getByRole('heading', { name: '0 Hardware Item(s) Found' })).toBeVisible()
    await page.getByRole('button', { name: 'Clear Search' }).click()
    await expect(page.getByPlaceholder('Search hardware...')).toHaveValue('')
    await expect(page.getByRole('article').first()).toBeVisible()
  })
})

test.describe('championships', () => {
  test('one card per championship, top 3 with podium colours and points', async ({ page, request }) => {
    const sets = await (await request.get('/api/championships-standings')).json()
    await page.goto('/championships')
    await expect(page.getByRole('heading', { level: 1, name: 'Championship Standings' })).toBeVisible()
    await expect(page.getByText(/top 3 drivers/)).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(sets.length)
    const first = page.getByRole('article').first()
    await expect(first.getByRole('heading', { name: sets[0].championshipName })).toBeVisible()
    await expect(first.getByText(`Season ${sets[0].season}`)).toBeVisible()
    const updated = new Date(sets[0].lastUpdated).toLocaleDateString('en-US', { timeZone: 'UTC' })
    await expect(first.getByText(`Updated: ${updated}`)).toBeVisible()
    const rows = first.getByRole('listitem')
    await expect(rows).toHaveCount(3)
    const top = sets[0].standings[0]
    await expect(rows.first()).toContainText(top.driverName)
    await expect(rows.first()).toContainText(top.team)
    await expect(rows.first()).toContainText(`${top.points} pts`)
    const colours = await rows
      .locator('[data-podium]')
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor))
    expect(new Set(colours).size).toBe(3)
  })
})

test.describe('streams', () => {
  test('LIVE NOW then Recent Streams, with the card details', async ({ page, request }) => {
    const live = await (await request.get('/api/streams/live')).json()
    expect(live.length).toBeGreaterThan(0)
    // Whether a stream is live is the page's (the scheduler's refresh purges it): nothing is read on load.
    const reads = apiRequests(page)
    await page.goto('/streaming')
    await expect(page.getByRole('heading', { level: 1, name: 'RACING STREAMS' })).toBeVisible()
    const liveNow = page.getByRole('region', { name: 'LIVE NOW' })
    await expect(liveNow.getByRole('article')).toHaveCount(live.length)
    const card = liveNow.getByRole('article').first()
    await expect(card.getByText('LIVE', { exact: true })).toBeVisible()
    await expect(card.getByText(live[0].category.toUpperCase(), { exact: true })).toBeVisible()
    await expect(card.getByText(live[0].streamerName)).toBeVisible()
    await expect(card.getByText(`${live[0].viewerCount.toLocaleString('en-US')} viewers`)).toBeVisible()
    await expect(card.getByRole('listitem')).toHaveCount(Math.min(3, live[0].tags.length))
    const watch = card.getByRole('link', { name: /Watch/ })
    await expect(watch).toHaveAttribute('target', '_blank')
    await expect(watch).toHaveAttribute('href', live[0].streamUrl)
    await expect(page.getByRole('region', { name: 'Recent Streams' }).getByRole('article').first()).toBeVisible()
    await islandsHydrated(page)
    expect(reads).toEqual([])
  })
})

test.describe('news list', () => {
  test('header, search on title/excerpt/content, category filter, count, badges', async ({ page, request }) => {
    const news = await (await request.get('/api/news')).json()
    const reads = apiRequests(page)
    await page.goto('/news')
    await islandsHydrated(page)
    // The page's cards and categories are the island's: it asks the API only for what the visitor does.
    expect(reads).toEqual([])
    await expect(page.getByRole('heading', { level: 1, name: 'RACING NEWS' })).toBeVisible()
    await expect(page.getByRole('heading', { name: `${news.length} Article(s) Found` })).toBeVisible()
    await expect(
      page.getByRole('article').first().getByText(news[0].category.toUpperCase(), { exact: true }),
    ).toBeVisible()

    // Every category, alphabetically (from the server: the page holds only the first cards).
    const categories = [...new Set(news.map((n: { category: string }) => n.category))].sort()
    const select = page.getByRole('combobox', { name: 'Category' })
    await expect(select.getByRole('option')).toHaveText(['All Categories', ...(categories as string[])])
    const category = categories[0] as string
    await select.selectOption(category)
    const inCategory = news.filter((n: { category: string }) => n.category === category)
    await expect(page.getByRole('heading', { name: `${inCategory.length} Article(s) Found` })).toBeVisible()

    await select.selectOption({ label: 'All Categories' })
    const search = page.getByPlaceholder('Search articles...')
    await search.fill(news[1].title.toUpperCase())
    await expect(page.getByRole('link', { name: news[1].title })).toBeVisible()
    // A phrase that only the body of an article holds.
    await search.fill('onboard replays')
    await expect(page.getByRole('heading', { name: /^[1-9]\d* Article\(s\) Found$/ })).toBeVisible()
  })

  test("the search box is prefilled from ?search=, in its one spelling, with the search's own count and cards", async ({
    page,
    request,
  }) => {
    const matches = await (await request.get('/api/news?search=iracing')).json()
    expect(matches.length).toBeGreaterThan(0)
    await page.goto('/news?search=iRacing')
    // One spelling per search (decision 0704): case-folded, so the CDN keeps one copy.
    await expect(page).toHaveURL(/\/news\?search=iracing$/)
    await expect(page.getByPlaceholder('Search articles...')).toHaveValue('iracing')
    await expect(page.getByRole('heading', { name: `${matches.length} Article(s) Found` })).toBeVisible()
    await expect(page.getByRole('article').getByRole('heading')).toHaveText(
      matches.slice(0, 24).map((n: { title: string }) => n.title),
    )
  })

  test('6 loading skeletons while a typed search is on its way, then its own count', async ({ page, request }) => {
    const total = Number((await request.get('/api/news?search=sebring&limit=1')).headers()['x-total-count'])
    expect(total).toBeGreaterThan(0)
    await page.goto('/news')
    await islandsHydrated(page)
    const release = await hold(page, '/api/news')
    await page.getByPlaceholder('Search articles...').fill('sebring')
    const skeleton = page.getByRole('status', { name: 'Loading news' })
    await expect(skeleton.getByTestId('skeleton-card')).toHaveCount(6)
    await expect(page.getByRole('heading', { name: /Article\(s\) Found$/ })).toHaveCount(0)
    release()
    await expect(skeleton).toHaveCount(0)
    await expect(page.getByRole('heading', { name: `${total} Article(s) Found` })).toBeVisible()
  })

  test('the scroll position is saved before opening an article and restored on return', async ({ page }) => {
    await page.goto('/news')
    await islandsHydrated(page)
    // On entry the page restores a saved position, or goes to the top, 100 ms after load: let that
    // happen before scrolling, or it would undo the scroll.
    await page.waitForTimeout(300)
    const card = page.getByRole('article').nth(7)
    await expect
      .poll(async () => {
        await card.scrollIntoViewIfNeeded()
        return page.evaluate(() => window.scrollY)
      })
      .toBeGreaterThan(300)
    await card.getByRole('link').click()
    await expect(page.getByRole('link', { name: 'Back to News' })).toBeVisible()
    const saved = Number(await page.evaluate(() => sessionStorage.getItem('news-scroll-position')))
    expect(saved).toBeGreaterThan(300)
    await page.getByRole('link', { name: 'Back to News' }).click()
    // Restored 100 ms after entry (spec 000), the cards being the page's own (decision 0704).
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(saved)
    // Entering again without a saved position starts at the top.
    await page.goto('/news')
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('long lists: 24 cards first, the rest as the visitor nears the end; the count, search and return cover all', async ({
    page,
    request,
  }) => {
    const news = await (await request.get('/api/news')).json()
    expect(news.length, 'the demo content has more than one step of cards').toBeGreaterThan(24)
    await page.goto('/news')
    await islandsHydrated(page)
    await page.waitForTimeout(300)
    await expect(page.getByRole('heading', { name: `${news.length} Article(s) Found` })).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(24)

    // The search covers the articles not rendered yet.
    const last = news[news.length - 1]
    await page.getByPlaceholder('Search articles...').fill(last.title)
    await expect(page.getByRole('link', { name: last.title })).toBeVisible()
    await page.getByPlaceholder('Search articles...').fill('')
    await expect(page.getByRole('article')).toHaveCount(24)

    await page.getByRole('article').last().scrollIntoViewIfNeeded()
    await expect(page.getByRole('article')).toHaveCount(news.length)

    // Open one of the later cards and come back: it is there again, at the same place.
    const later = page.getByRole('article').nth(25)
    await later.scrollIntoViewIfNeeded()
    const y = await page.evaluate(() => Math.round(window.scrollY))
    await later.getByRole('link').click()
    await page.getByRole('link', { name: 'Back to News' }).click()
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y)
    await expect(page.getByRole('link', { name: news[25].title })).toBeInViewport()
  })
})

test.describe('news article', () => {
  test('back button, image, badge, date, author, title, HTML body, footer', async ({ page, request }) => {
    const [first] = await (await request.get('/api/news?limit=1')).json()
    const article = await (await request.get(`/api/news/${first.id}`)).json()
    await page.goto(`/news/${article.id}`)
    await expect(page.getByRole('link', { name: 'Back to News' })).toHaveAttribute('href', '/news')
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible()
    await expect(page.getByText(article.category.toUpperCase(), { exact: true })).toBeVisible()
    await expect(page.getByText(`Published by ${article.author}`)).toBeVisible()
    await expect(page.getByText(/\w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) UTC/)).toBeVisible()
    // The body is rendered as markup, not as text.
    await expect(page.getByRole('article').getByRole('heading', { level: 2 }).first()).toBeVisible()
    await expect(page.getByText('<p>')).toHaveCount(0)
  })
})

test.describe('reviews', () => {
  test('cards: rating badge and colour, date, title, excerpt, author, Read Full Review', async ({ page, request }) => {
    const reviews = await (await request.get('/api/reviews')).json()
    await page.goto('/reviews')
    await expect(page.getByRole('heading', { level: 1, name: 'GAME REVIEWS' })).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(reviews.length)
    const review = reviews[0]
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: review.title }) })
    await expect(card.getByText(`${review.rating}/10`)).toBeVisible()
    await expect(
      card.getByText(
        `${Array.from(review.content as string)
          .slice(0, 150)
          .join('')}...`,
      ),
    ).toBeVisible()
    await expect(card.getByText(`By ${review.author}`)).toBeVisible()
    const link = card.getByRole('link', { name: /Read Full Review/ })
    await expect(link).toHaveAttribute('href', review.sourceUrl)
    await expect(link).toHaveAttribute('target', '_blank')

    const colourOf = async (rating: string) =>
      page
        .getByRole('article')
        .filter({ has: page.getByText(`Rating: ${rating}/10`, { exact: true }) })
        .first()
        .getByText(`${rating}/10`)
        .evaluate((e) => getComputedStyle(e).backgroundColor)
    const colours = await Promise.all(['9.5', '8.5', '6.5', '4.5'].map(colourOf))
    expect(new Set(colours).size).toBe(4)
  })

  test('search on title, content and author; No Reviews Found with Clear Search', async ({ page }) => {
    await page.goto('/reviews')
    await islandsHydrated(page)
    const search = page.getByPlaceholder('Search reviews...')
    await search.fill('hannah schulz')
    await expect(page.getByRole('article')).toHaveCount(1)
    await search.fill('zzz-nothing')
    await expect(page.getByRole('heading', { name: 'No Reviews Found' })).toBeVisible()
    await page.getByRole('button', { name: 'Clear Search' }).click()
    await expect(page.getByRole('article').first()).toBeVisible()
  })
})
