import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { appWith, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { startRefreshHarness, type RefreshHarness } from '../../../../tests/helpers/refresh.ts'
import { createGame, createStream } from '../../demo/factories.ts'
import type { TestPlatform } from '../../../../tests/helpers/platform.ts'
import { withExternalOverrides, type ExternalOverrides } from '../../external/config.ts'
import { getGame } from '../../repos/games.repo.ts'
import { getStream } from '../../repos/streams.repo.ts'

let h: RefreshHarness
let platform: TestPlatform
let send: Send
let cookie: string
beforeAll(async () => {
  h = await startRefreshHarness()
  ;({ platform, send } = appWith(h.platform))
})
afterAll(async () => h.close())
beforeEach(async () => {
  await resetDatabase()
  h.reset()
  cookie = await adminCookie()
})

/** Starts the refresh through the API and waits for its job; answers the finished job as the panel reads it. */
async function refresh(what: 'streams' | 'games', via: Send = send) {
  const started = await via('POST', `/api/admin/refresh-${what}`, { cookie })
  expect(started.status).toBe(202)
  await h.jobsSettled()
  return (await via('GET', `/api/admin/jobs/${started.body.job.id}`, { cookie })).body
}

/** Requests to an app whose outside services differ from the harness's (a key not set). */
const sendWith = (overrides: ExternalOverrides): Send =>
  appWith({ ...h.platform, external: withExternalOverrides(h.platform.external, overrides) }).send

describe('POST /api/admin/refresh-streams', () => {
  it('a live Twitch channel: LIVE with viewers, and (asked for) title and thumbnail from Helix; an offline one goes OFFLINE', async () => {
    h.fake.setTwitchChannel('fastlapfred', { live: true, title: 'Le Mans practice, 24h build-up', viewers: 1234 })
    const live = await createStream({
      streamUrl: 'https://www.twitch.tv/FastLapFred',
      isLive: false,
      viewerCount: 0,
      platformTexts: true,
    })
    const gone = await createStream({ streamUrl: 'https://www.twitch.tv/sleepysim', isLive: true, viewerCount: 50 })

    const job = await refresh('streams')

    expect(job).toMatchObject({ kind: 'refresh-streams', status: 'completed', total: 2, refreshed: 2, errors: [] })
    expect(await getStream(live.id)).toMatchObject({
      isLive: true,
      viewerCount: 1234,
      title: 'Le Mans practice, 24h build-up',
      thumbnailUrl: 'https://static-cdn.jtvnw.net/previews-ttv/live_user_fastlapfred-1280x720.jpg',
      refreshedAt: expect.any(Date),
    })
    const ended = await getStream(gone.id)
    expect(ended).toMatchObject({ isLive: false, viewerCount: 0, endTime: expect.any(Date) })
    // The app token was fetched once and sent with each call, with the client id.
    expect(h.fake.requests.filter((r) => r.path === '/twitch/oauth2/token')).toHaveLength(1)
    expect(h.fake.requests.find((r) => r.path === '/twitch/helix/streams')?.headers).toEqual({
      authorization: 'Bearer fake-twitch-app-token',
      'client-id': 'fake-client-id',
    })
    // The public site follows: the streams are marked for the rebuild.
    // The streams pages and answers are purged at the CDN once the job is done.
    expect(platform.purged.at(-1)).toContain('streams')

    // The owner's refresh is the owner's change in the History, with the title it replaced. The
    // channel that only went offline keeps no version: live state and viewers are not content.
    const history = async (id: number) => (await send('GET', `/api/admin/revisions/stream/${id}`, { cookie })).body
    const [version] = await history(live.id)
    expect(version).toMatchObject({
      actor: 'admin',
      summary: 'Refreshed from Twitch',
      oldValues: { title: live.title },
    })
    expect(version.changedFields).not.toContain('viewerCount')
    expect(version.changedFields).not.toContain('refreshedAt')
    expect((await history(gone.id)).map((v: { changedFields: string[] }) => v.changedFields)).toEqual([['endTime']])
  })

  it('YouTube: a live video by link, a channel live by handle; viewers from the Data API, texts as the owner chose', async () => {
    h.fake.setYoutubeVideo('AAAAAAAAAAA', { title: 'GT3 sprint, live', live: true, viewers: 321 })
    h.fake.setYoutubeVideo('BBBBBBBBBBB', { title: 'Rally stage replay', live: false })
    h.fake.setYoutubeVideo('CCCCCCCCCCC', { title: 'Endurance night stint', live: true, viewers: 77 })
    h.fake.setYoutubeChannel('@nightstint', 'CCCCCCCCCCC')
    const video = await createStream({ streamUrl: 'https://youtu.be/AAAAAAAAAAA', platformTexts: true })
    const replay = await createStream({ streamUrl: 'https://www.youtube.com/watch?v=BBBBBBBBBBB', isLive: true })
    const channel = await createStream({ title: 'Our night stint', streamUrl: 'https://www.youtube.com/@nightstint' })
    const quiet = await createStream({ streamUrl: 'https://www.youtube.com/@quietchannel', isLive: true })

    const job = await refresh('streams')

    expect(job).toMatchObject({ status: 'completed', refreshed: 4, skipped: 0, errors: [] })
    expect(await getStream(video.id)).toMatchObject({
      isLive: true,
      viewerCount: 321,
      title: 'GT3 sprint, live',
      thumbnailUrl: 'https://i.ytimg.com/vi/AAAAAAAAAAA/maxresdefault_live.jpg',
    })
    // The replay's broadcast has ended: offline, with an end; its title is the owner's.
    expect(await getStream(replay.id)).toMatchObject({
      isLive: false,
      viewerCount: 0,
      title: replay.title,
      endTime: expect.any(Date),
    })
    expect(await getStream(channel.id)).toMatchObject({ isLive: true, viewerCount: 77, title: 'Our night stint' })
    expect(await getStream(quiet.id)).toMatchObject({ isLive: false, viewerCount: 0 })
    const search = h.fake.requests.find((r) => r.path === '/youtube/v3/search')!
    expect(search.url).toContain('eventType=live')
    expect(search.url).toContain('key=fake-youtube-key')
  })

  it('a channel link only says live and viewers: the live entry keeps its texts, the recorded one and a second entry of the channel are left alone (issue 25)', async () => {
    h.fake.setYoutubeVideo('LLLLLLLLLLL', { title: 'EA WRC Monte-Carlo live', live: true, viewers: 777 })
    h.fake.setYoutubeChannel('@gravelgoblin', 'LLLLLLLLLLL')
    const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000)
    const channel = 'https://www.youtube.com/@gravelgoblin'
    const live = await createStream({
      title: 'EA WRC Monte-Carlo stage practice with pacenotes',
      description: 'Practising Monte-Carlo stages with ice and snow.',
      streamUrl: channel,
      isLive: true,
      viewerCount: 612,
      startTime: hoursAgo(2),
    })
    const replay = await createStream({
      title: 'DiRT Rally 2.0: Pikes Peak hillclimb challenge',
      description: 'Taking on the Pikes Peak hillclimb.',
      streamUrl: channel,
      startTime: hoursAgo(96),
      endTime: hoursAgo(94),
    })
    const later = await createStream({
      title: 'Tonight: Rally Sweden recce',
      streamUrl: channel,
      startTime: hoursAgo(0),
    })

    const job = await refresh('streams')

    expect(job).toMatchObject({ status: 'completed', total: 3, refreshed: 2, skipped: 1, errors: [] })
    const { viewerCount: _v, updatedAt: _u, refreshedAt: _r, ...kept } = live
    expect(await getStream(live.id)).toMatchObject({ ...kept, isLive: true, viewerCount: 777 })
    // The recorded entry is not even asked about: it is exactly as it was.
    expect(await getStream(replay.id)).toEqual(replay)
    expect(await getStream(later.id)).toMatchObject({ isLive: false, title: later.title })
    const shown = (await send('GET', '/api/streams/live')).body as { id: number }[]
    expect(shown.map((s) => s.id)).toEqual([live.id])
    // Live state and viewers are not content: no version.
    expect((await send('GET', `/api/admin/revisions/stream/${live.id}`, { cookie })).body).toEqual([])
  })

  it('links on neither platform are skipped and counted, not errors', async () => {
    const kick = await createStream({ streamUrl: 'https://kick.com/simracer', isLive: true, viewerCount: 9 })
    await createStream({ streamUrl: null })
    h.fake.setTwitchChannel('onair', { live: true, viewers: 5 })
    await createStream({ streamUrl: 'https://www.twitch.tv/onair' })

    const job = await refresh('streams')

    expect(job).toMatchObject({ status: 'completed', total: 3, refreshed: 1, skipped: 2, errors: [] })
    expect(await getStream(kick.id)).toMatchObject({ isLive: true, viewerCount: 9, refreshedAt: null })
  })

  it('errors per stream: a 500, a 429, a timeout and a malformed answer fail their stream; the others are refreshed', async () => {
    h.fake.setTwitchChannel('goodone', { live: true, viewers: 10 })
    h.fake.when('user_login=broken', { kind: 'status', status: 500, message: 'Helix is down' })
    h.fake.when('user_login=busy', { kind: 'status', status: 429, retryAfter: '30' })
    h.fake.when('user_login=slowpoke', { kind: 'hang' })
    h.fake.when('id=MMMMMMMMMMM', { kind: 'malformed' })
    const good = await createStream({ title: 'Good', streamUrl: 'https://www.twitch.tv/goodone' })
    const broken = await createStream({ title: 'Broken', streamUrl: 'https://www.twitch.tv/broken', viewerCount: 3 })
    await createStream({ title: 'Busy', streamUrl: 'https://www.twitch.tv/busy' })
    await createStream({ title: 'Slow', streamUrl: 'https://www.twitch.tv/slowpoke' })
    await createStream({ title: 'Mangled', streamUrl: 'https://youtu.be/MMMMMMMMMMM' })

    const job = await refresh('streams')

    expect(job).toMatchObject({ status: 'completed', total: 5, refreshed: 1 })
    expect([...job.errors].sort()).toEqual([
      'Broken: Twitch answered HTTP 500: Helix is down',
      'Busy: Twitch rate limit reached (HTTP 429): fake failure',
      'Mangled: YouTube sent an answer that is not JSON',
      'Slow: Twitch did not answer within 1.5 s',
    ])
    expect(job.failures).toHaveLength(4)
    expect(await getStream(good.id)).toMatchObject({ isLive: true, viewerCount: 10 })
    // A failed stream keeps what it had.
    expect(await getStream(broken.id)).toMatchObject({ viewerCount: 3, refreshedAt: null })
  })

  it('a Twitch answer of another shape is an error of that stream', async () => {
    h.fake.when('user_login=odd', { kind: 'json', body: { data: [{ user_login: 'odd', viewer_count: 'many' }] } })
    await createStream({ title: 'Odd', streamUrl: 'https://www.twitch.tv/odd' })
    const job = await refresh('streams')
    expect(job.errors).toEqual(['Odd: Twitch sent an answer of an unexpected shape'])
  })

  it('503 naming the variables when neither Twitch nor YouTube has its keys; nothing starts', async () => {
    await createStream({ streamUrl: 'https://www.twitch.tv/someone' })
    const unconfigured = sendWith({
      twitch: { clientId: undefined, clientSecret: undefined },
      youtube: { apiKey: undefined },
    })
    const res = await unconfigured('POST', '/api/admin/refresh-streams', { cookie })
    expect(res.status).toBe(503)
    expect(res.body).toEqual({
      message:
        'Twitch and YouTube are not configured: set TWITCH_CLIENT_ID, TWITCH_CLIENT_SECRET, YOUTUBE_API_KEY in the environment to refresh streams.',
    })
    expect((await unconfigured('GET', '/api/admin/jobs', { cookie })).body.recent).toEqual([])
    expect((await unconfigured('GET', '/api/admin/refresh-status', { cookie })).body).toMatchObject({
      twitch: { configured: false, missing: ['TWITCH_CLIENT_ID', 'TWITCH_CLIENT_SECRET'] },
      youtube: { configured: false, missing: ['YOUTUBE_API_KEY'] },
    })
  })

  it('with only YouTube configured, Twitch streams fail one by one naming the Twitch variables', async () => {
    h.fake.setYoutubeVideo('YYYYYYYYYYY', { title: 'On YouTube', live: true, viewers: 4 })
    await createStream({ title: 'On Twitch', streamUrl: 'https://www.twitch.tv/someone' })
    await createStream({ streamUrl: 'https://youtu.be/YYYYYYYYYYY' })
    const job = await refresh('streams', sendWith({ twitch: { clientSecret: undefined } }))
    expect(job).toMatchObject({ refreshed: 1 })
    expect(job.errors).toEqual([
      'On Twitch: Twitch is not configured: set TWITCH_CLIENT_SECRET in the environment to refresh streams.',
    ])
  })

  it('400 when there is no stream; 401 without a session', async () => {
    expect(await send('POST', '/api/admin/refresh-streams', { cookie })).toMatchObject({
      status: 400,
      body: { message: 'There are no streams to refresh yet.' },
    })
    expect((await send('POST', '/api/admin/refresh-streams')).status).toBe(401)
    expect((await send('POST', '/api/admin/refresh-games')).status).toBe(401)
  })
})

describe('POST /api/admin/refresh-games', () => {
  it('price, description and picture from the Steam store fill the blank fields of games with a Steam URL; the others are skipped', async () => {
    h.fake.setSteamApp(244210, {
      name: 'Assetto Corsa',
      price: '$19.99',
      description: 'Assetto Corsa features an advanced DirectX 11 graphics engine &amp; &quot;real&quot; physics.',
      image: 'https://shared.akamai.steamstatic.com/store_item_assets/steam/apps/244210/header.jpg',
    })
    h.fake.setSteamApp(1066890, { name: 'Automobilista 2', isFree: true, description: 'Free weekend.' })
    const blank = { price: '', description: '', imageUrl: '' }
    const steam = await createGame({ ...blank, steamUrl: 'https://store.steampowered.com/app/244210/Assetto_Corsa/' })
    const free = await createGame({ ...blank, websiteUrl: 'https://store.steampowered.com/app/1066890/' })
    const other = await createGame({ websiteUrl: 'https://www.gran-turismo.com', price: '$69.99' })

    const job = await refresh('games')

    expect(job).toMatchObject({
      kind: 'refresh-games',
      status: 'completed',
      total: 3,
      refreshed: 2,
      skipped: 1,
      errors: [],
    })
    expect(await getGame(steam.id)).toMatchObject({
      price: '$19.99',
      description: 'Assetto Corsa features an advanced DirectX 11 graphics engine & "real" physics.',
      imageUrl: 'https://shared.akamai.steamstatic.com/store_item_assets/steam/apps/244210/header.jpg',
      refreshedAt: expect.any(Date),
    })
    expect(await getGame(free.id)).toMatchObject({ price: 'Free to Play', description: 'Free weekend.' })
    expect(await getGame(other.id)).toMatchObject({ price: '$69.99', refreshedAt: null })
    expect(platform.purged.at(-1)).toContain('games')
    expect(h.fake.requests.find((r) => r.service === 'steam')?.url).toContain('cc=us')
  })

  it('errors per game: a 500, an unknown app and a malformed answer; the others are refreshed', async () => {
    h.fake.when('appids=500', { kind: 'status', status: 500 })
    h.fake.setSteamApp(404, { name: '' })
    h.fake.when('appids=999', { kind: 'malformed' })
    await createGame({ title: 'Down', steamUrl: 'https://store.steampowered.com/app/500/' })
    await createGame({ title: 'Gone', steamUrl: 'https://store.steampowered.com/app/404/' })
    await createGame({ title: 'Mangled', steamUrl: 'https://store.steampowered.com/app/999/' })
    const fine = await createGame({ title: 'Fine', price: '', steamUrl: 'https://store.steampowered.com/app/7/' })

    const job = await refresh('games')

    expect(job).toMatchObject({ status: 'completed', total: 4, refreshed: 1 })
    expect([...job.errors].sort()).toEqual([
      'Down: Steam answered HTTP 500: fake failure',
      'Gone: Steam has no app 404 (removed, or not sold in the US store)',
      'Mangled: Steam sent an answer that is not JSON',
    ])
    expect(await getGame(fine.id)).toMatchObject({ price: '$29.99' })
  })

  it("keeps the owner's price and description, offers the store's beside them, and 'use-store' takes one (issue 25)", async () => {
    h.fake.setSteamApp(266410, { name: 'iRacing', price: '$29.99', description: 'The store page of iRacing.' })
    const game = await createGame({
      title: 'iRacing',
      price: 'Subscription from $13/month',
      description: 'The subscription-based online racing service.',
      imageUrl: '',
      websiteUrl: 'https://store.steampowered.com/app/266410/iRacing/',
    })

    expect(await refresh('games')).toMatchObject({ refreshed: 1, changed: 1, errors: [] })

    const imageUrl = 'https://shared.akamai.steamstatic.com/store_item_assets/steam/apps/266410/header.jpg'
    // The owner's words stay; the blank picture is filled and follows the store from now on.
    expect(await getGame(game.id)).toMatchObject({
      price: 'Subscription from $13/month',
      description: 'The subscription-based online racing service.',
      imageUrl,
      storeFields: ['imageUrl'],
      storeValues: { price: '$29.99', description: 'The store page of iRacing.', imageUrl },
    })
    const listed = (await send('GET', '/api/admin/games', { cookie })).body as Record<string, unknown>[]
    expect(listed.find((g) => g.id === game.id)).toMatchObject({ storeValues: { price: '$29.99' } })
    // Visitors get the game, not the owner's bookkeeping.
    const visible = (await send('GET', `/api/games/${game.id}`)).body as Record<string, unknown>
    expect(visible).toMatchObject({ price: 'Subscription from $13/month' })
    expect(visible).not.toHaveProperty('storeValues')
    expect(visible).not.toHaveProperty('storeFields')

    const used = await send('POST', `/api/admin/games/${game.id}/use-store`, { cookie, body: { field: 'price' } })
    expect(used.status).toBe(200)
    expect(used.body).toMatchObject({ price: '$29.99', storeFields: ['price', 'imageUrl'] })
    const [version] = (await send('GET', `/api/admin/revisions/game/${game.id}`, { cookie })).body
    expect(version).toMatchObject({ summary: 'Took the price from the Steam store', changedFields: ['price'] })

    // The price follows the store now; the owner writing it again makes it theirs again.
    h.fake.setSteamApp(266410, { name: 'iRacing', price: '$19.99', description: 'The store page of iRacing.' })
    await refresh('games')
    expect(await getGame(game.id)).toMatchObject({ price: '$19.99' })
    const edited = await send('PUT', `/api/admin/games/${game.id}`, {
      cookie,
      body: { title: 'iRacing', price: 'Free week' },
    })
    expect(edited.body).toMatchObject({ price: 'Free week', storeFields: ['imageUrl'] })
    await refresh('games')
    expect(await getGame(game.id)).toMatchObject({ price: 'Free week' })
  })

  it("'use-store' refuses a field the store has not given, or another field, and changes nothing", async () => {
    const game = await createGame({ price: '$1.00' })
    const before = await databaseDigest()
    const none = await send('POST', `/api/admin/games/${game.id}/use-store`, { cookie, body: { field: 'price' } })
    expect(none).toMatchObject({
      status: 400,
      body: { message: 'The Steam store has given no price for this game yet: refresh the games first.' },
    })
    const other = await send('POST', `/api/admin/games/${game.id}/use-store`, { cookie, body: { field: 'title' } })
    expect(other).toMatchObject({
      status: 400,
      body: { message: 'The field must be one of: price, description, imageUrl.' },
    })
    expect(await databaseDigest()).toBe(before)
    expect(
      (await send('POST', `/api/admin/games/${game.id + 1}/use-store`, { cookie, body: { field: 'price' } })).status,
    ).toBe(404)
  })

  it("a version restore brings the owner's words back and keeps what the store said (issue 36)", async () => {
    h.fake.setSteamApp(266410, { name: 'iRacing', price: '$29.99', description: 'The store page of iRacing.' })
    const game = await createGame({
      title: 'iRacing',
      price: 'Subscription from $13/month',
      description: 'The subscription-based online racing service.',
      imageUrl: '',
      websiteUrl: 'https://store.steampowered.com/app/266410/iRacing/',
    })
    const edited = await send('PUT', `/api/admin/games/${game.id}`, {
      cookie,
      body: { title: 'iRacing', description: 'A typo in the new words.' },
    })
    expect(edited.status).toBe(200)
    // The version from before the edit, and before the store was ever read.
    const [version] = (await send('GET', `/api/admin/revisions/game/${game.id}`, { cookie })).body
    await refresh('games')
    const read = await getGame(game.id)
    expect(read?.storeValues).toMatchObject({ price: '$29.99' })

    expect((await send('POST', `/api/admin/revisions/${version.id}/restore`, { cookie })).status).toBe(200)

    const restored = await getGame(game.id)
    // The owner's words are back; the store's three values stay, and its picture in the blank field.
    expect(restored).toMatchObject({
      price: 'Subscription from $13/month',
      description: 'The subscription-based online racing service.',
      imageUrl: read!.imageUrl,
      storeFields: ['imageUrl'],
      storeValues: read!.storeValues,
      refreshedAt: read!.refreshedAt,
    })
    const listed = (await send('GET', '/api/admin/games', { cookie })).body as { id: number; storeValues: unknown }[]
    expect(listed.find((g) => g.id === game.id)?.storeValues).toEqual({
      price: '$29.99',
      description: 'The store page of iRacing.',
      imageUrl: read!.imageUrl,
    })
  })

  it('a version restore keeps a live stream live, with its viewers (issue 36)', async () => {
    h.fake.setTwitchChannel('fastlapfred', { live: true, title: 'Practice', viewers: 321 })
    const stream = await createStream({
      title: 'Our title',
      streamUrl: 'https://www.twitch.tv/FastLapFred',
      isLive: false,
    })
    const edited = await send('PUT', `/api/streams/${stream.id}`, {
      cookie,
      body: { title: 'A typo', streamUrl: 'https://www.twitch.tv/FastLapFred' },
    })
    expect(edited.status).toBe(200)
    await refresh('streams')
    expect(await getStream(stream.id)).toMatchObject({ title: 'A typo', isLive: true, viewerCount: 321 })
    const [version] = (await send('GET', `/api/admin/revisions/stream/${stream.id}`, { cookie })).body

    expect((await send('POST', `/api/admin/revisions/${version.id}/restore`, { cookie })).status).toBe(200)

    expect(await getStream(stream.id)).toMatchObject({ title: 'Our title', isLive: true, viewerCount: 321 })
  })

  it('needs no key: Steam is asked even with no stream keys set', async () => {
    await createGame({ steamUrl: 'https://store.steampowered.com/app/8/' })
    const noStreamKeys = sendWith({ twitch: { clientId: undefined }, youtube: { apiKey: undefined } })
    expect(await refresh('games', noStreamKeys)).toMatchObject({ refreshed: 1 })
  })

  it('a refresh that changes nothing marks nothing for the rebuild', async () => {
    h.fake.setSteamApp(9, {
      name: 'Same',
      price: '$5.00',
      description: 'Same text.',
      image: 'https://example.com/same.jpg',
    })
    await createGame({
      steamUrl: 'https://store.steampowered.com/app/9/',
      price: '$5.00',
      description: 'Same text.',
      imageUrl: 'https://example.com/same.jpg',
    })
    const before = platform.purged.length
    const job = await refresh('games')
    expect(job).toMatchObject({ refreshed: 1, changed: 0 })
    // Nothing changed: nothing purged.
    expect(platform.purged.length).toBe(before)
  })
})
