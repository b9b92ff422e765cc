import { test, type APIRequestContext } from '@playwright/test'
import { adminLogin } from '../helpers/e2e-admin.ts'
import { expect, expectToast, openTab } from '../helpers/e2e-admin-ui.ts'
import { fakeRefreshWhen, fakeSteamApp, fakeTwitchChannel, resetFakeRefresh } from '../helpers/e2e-refresh.ts'

/**
 * Issue 17 item 7 in the browser: the site under test reads Twitch, YouTube and Steam from the
 * fake on 127.0.0.1 (scripts/e2e-server.ts --fake-refresh-port), which the tests steer.
 */
interface Stream {
  id: number
  title: string
  streamUrl: string | null
  category: string
  description: string
  thumbnailUrl: string
  streamerName: string
  startTime: string
  isLive: boolean
  viewerCount: number
  tags: string[]
}
interface Game {
  id: number
  title: string
  price: string
  description: string
  imageUrl: string
}

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`

// A refresh reads every stream and game, the demo's too (into the fake's defaults): they are put
// back afterwards, so the tests after these find the content they started with.
let streamsBefore: Stream[] = []
let gamesBefore: Game[] = []
const created: { streams: number[]; games: number[] } = { streams: [], games: [] }

async function restore(request: APIRequestContext) {
  for (const id of created.streams) await request.delete(`/api/streams/${id}`)
  for (const id of created.games) await request.delete(`/api/admin/games/${id}`)
  const streams = (await (await request.get('/api/streams')).json()) as Stream[]
  for (const before of streamsBefore) {
    const now = streams.find((s) => s.id === before.id)
    if (!now || JSON.stringify(now) === JSON.stringify({ ...now, ...before }) || !before.streamUrl) continue
    const {
      title,
      streamUrl,
      category,
      description,
      thumbnailUrl,
      streamerName,
      startTime,
      isLive,
      viewerCount,
      tags,
    } = before
    await request.put(`/api/streams/${before.id}`, {
      data: {
        title,
        streamUrl,
        category,
        description,
        thumbnailUrl,
        streamerName,
        startTime,
        isLive,
        viewerCount,
        tags,
      },
    })
  }
  const games = (await (await request.get('/api/games')).json()) as Game[]
  for (const before of gamesBefore) {
    const now = games.find((g) => g.id === before.id)
    if (
      !now ||
      (now.price === before.price && now.description === before.description && now.imageUrl === before.imageUrl)
    )
      continue
    const { title, price, description, imageUrl } = before
    await request.put(`/api/admin/games/${before.id}`, { data: { title, price, description, imageUrl } })
  }
}

test.describe('stream and game refresh', () => {
  test.beforeAll(async ({ playwright }, testInfo) => {
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    streamsBefore = (await (await api.get('/api/streams')).json()) as Stream[]
    gamesBefore = (await (await api.get('/api/games')).json()) as Game[]
    await api.dispose()
  })
  test.afterAll(async ({ playwright }, testInfo) => {
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    await adminLogin(api, testInfo)
    await restore(api)
    await resetFakeRefresh(api)
    await api.dispose()
  })
  test.beforeEach(async ({ request }) => resetFakeRefresh(request))

  test('Refresh Streams: the banner, then a destructive toast naming the one failed stream; the live one shows LIVE with the viewers from Twitch', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000)
    await adminLogin(request, testInfo)
    const id = suffix()
    const login = `e2e_live_${id}`
    const failing = `e2e_down_${id}`
    const liveTitle = `Endurance night stint ${id}`
    for (const [title, name] of [
      [`E2E stream ${id}`, login],
      [`E2E broken stream ${id}`, failing],
    ]) {
      const res = await request.post('/api/streams', {
        data: { title, streamUrl: `https://www.twitch.tv/${name}`, isLive: false, viewerCount: 0 },
      })
      expect(res.status(), await res.text()).toBe(201)
      created.streams.push(((await res.json()) as { id: number }).id)
    }
    await fakeTwitchChannel(request, login, { live: true, title: liveTitle, viewers: 4321 })
    // The live channel answers slowly, so the job is seen running; the other channel's call fails.
    await fakeRefreshWhen(request, `user_login=${login}`, { kind: 'slow', ms: 3_000 })
    await fakeRefreshWhen(request, `user_login=${failing}`, { kind: 'status', status: 500, message: 'Helix is down' })

    await openTab(page, testInfo, 'streams', 'Streams Management')
    const button = page.getByRole('button', { name: 'Refresh Streams' })
    await button.click()
    const banner = page.getByRole('region', { name: 'Background jobs' })
    await expect(banner.getByRole('progressbar', { name: /Progress: \d+ of \d+/ })).toBeVisible()
    await expect(banner).toContainText('Refreshing stream')
    await expect(page.getByRole('button', { name: 'Refreshing Streams...' })).toBeDisabled()

    // One check: the toast is gone a few seconds later.
    await expectToast(
      page,
      'Streams Refreshed',
      new RegExp(
        `\\d+ streams? refreshed, \\d+ skipped\\. 1 error\\.\\s*E2E broken stream ${id}: Twitch answered HTTP 500: Helix is down`,
      ),
    )
    await expect(banner).toBeHidden()
    await expect(page.getByRole('button', { name: 'Refresh Streams' })).toBeEnabled()

    const item = page
      .getByRole('region', { name: /^Your Streams/ })
      .getByRole('listitem')
      .filter({ hasText: liveTitle })
    await expect(item).toContainText('LIVE · 4,321 viewers')
    const streams = page.getByRole('region', { name: /^Your Streams/ })
    await expect(streams.getByRole('listitem').filter({ hasText: `E2E broken stream ${id}` })).toContainText('OFFLINE')

    // The public streams page re-reads the API on load: the stream is live there too.
    await page.goto('/streaming')
    const card = page.getByRole('article').filter({ hasText: liveTitle })
    await expect(card).toContainText('4,321 viewers')
    await expect(card.getByText('LIVE', { exact: true })).toBeVisible()
  })

  test('Refresh Games: the price, description and picture come from the Steam store', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000)
    await adminLogin(request, testInfo)
    const appId = 3_000_000 + Math.floor(Math.random() * 900_000)
    const title = `E2E Steam game ${suffix()}`
    const res = await request.post('/api/admin/games', {
      data: { title, websiteUrl: `https://store.steampowered.com/app/${appId}/`, price: '$1.00', category: 'Sim' },
    })
    expect(res.status(), await res.text()).toBe(201)
    created.games.push(((await res.json()) as { id: number }).id)
    await fakeSteamApp(request, appId, {
      name: title,
      price: '$12.34',
      description: 'Fresh from the store page.',
      image: `https://shared.akamai.steamstatic.com/store_item_assets/steam/apps/${appId}/header.jpg`,
    })

    await openTab(page, testInfo, 'games', 'Racing Games Management')
    await page.getByRole('button', { name: 'Refresh Games' }).click()
    await expectToast(page, 'Games Refreshed', /\d+ games? refreshed, \d+ skipped\. 0 errors\./)
    const item = page
      .getByRole('region', { name: /^Your Racing Games/ })
      .getByRole('listitem')
      .filter({ hasText: title })
    await expect(item).toContainText('$12.34')
    await expect(item).toContainText('Fresh from the store page.')
    const [game] = ((await (await request.get('/api/games')).json()) as Game[]).filter((g) => g.title === title)
    expect(game?.imageUrl).toBe(
      `https://shared.akamai.steamstatic.com/store_item_assets/steam/apps/${appId}/header.jpg`,
    )
  })
})
