/**
 * The channels in the browser (issue 43), on a writing site whose Discord, Bluesky, Mastodon and
 * IndexNow are the fakes scripts/e2e-server.ts starts (on 127.0.0.1, read over their /__fake/
 * endpoints: they run in the site's process, not this one). The owner connects the three networks
 * in the Channels tab; an article published in the editor and one published by the scheduler at
 * its time (the test site's clock control) are each announced once on each network, with the
 * title, the link tagged for that network and a picture; an edit announces nothing; 'Share now'
 * posts once more. Then a refused credential pauses a channel until Resume, a webhook's signing
 * secret is shown once, and Disconnect brings the connect form back. One test: connecting is the
 * costly part, and each step needs the channels the one before connected.
 */
import { test, type APIRequestContext, type Page } from '@playwright/test'
import { channelKinds, type ChannelKind } from '../../src/lib/channels/messages.ts'
import { adminLogin, tickScheduler } from '../helpers/e2e-admin.ts'
import { confirm, expect, expectNoAxeViolations, expectToast, openTab, unique } from '../helpers/e2e-admin-ui.ts'
import { currentSite } from '../helpers/e2e-site.ts'
import { followAsReader } from '../helpers/e2e-reader.ts'

/** The fakes of the test's site; only the writing sites have them (test-support/e2e-site.ts). */
function fakes() {
  const origins = currentSite().fakeChannelOrigins
  if (!origins) throw new Error('This site has no fake channels: the spec belongs to a writing lane.')
  return origins
}

async function fake<T>(request: APIRequestContext, url: string, data?: unknown): Promise<T> {
  const res = data === undefined ? await request.get(url) : await request.post(url, { data })
  if (!res.ok()) throw new Error(`${url} answered ${res.status()}: ${await res.text()}`)
  return (await res.json()) as T
}

interface DiscordMessage {
  webhookId: string
  body: { embeds?: { title?: string; url?: string; image?: { url?: string } }[] }
}
interface BlueskyPost {
  did: string
  record: { text: string; embed?: { external?: { uri?: string; thumb?: unknown } } }
  links: { uri: string }[]
}
interface MastodonPost {
  params: { status: string }
  status: { account: { username: string } }
}

/** What each network has been sent by this test's webhook, account and token, by the title it starts with. */
async function received(request: APIRequestContext, ours: { webhookId: string; did: string; username: string }) {
  const { discord, bluesky, mastodon } = fakes()
  const [messages, posts, statuses] = await Promise.all([
    fake<DiscordMessage[]>(request, `${discord}/__fake/messages`),
    fake<BlueskyPost[]>(request, `${bluesky}/__fake/posts`),
    fake<MastodonPost[]>(request, `${mastodon}/__fake/statuses`),
  ])
  return (title: string) => ({
    discord: messages.filter((m) => m.webhookId === ours.webhookId && m.body.embeds?.[0]?.title === title),
    bluesky: posts.filter((p) => p.did === ours.did && p.record.text.startsWith(title)),
    mastodon: statuses.filter((s) => s.status.account.username === ours.username && s.params.status.startsWith(title)),
  })
}

const counts = (sent: Awaited<ReturnType<typeof received>>, title: string) => {
  const each = sent(title)
  return { discord: each.discord.length, bluesky: each.bluesky.length, mastodon: each.mastodon.length }
}

const once = { discord: 1, bluesky: 1, mastodon: 1 }
const twice = { discord: 2, bluesky: 2, mastodon: 2 }

/** The Channels tab's data, as far as the test reads it. */
async function channelsNow(request: APIRequestContext) {
  const res = await request.get('/api/admin/channels')
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as {
    channels: {
      kind: ChannelKind
      paused: { reason: string } | null
      deliveries: { subjectId: number | null; reason: string; status: string }[]
    }[]
    webhooks: { id: number }[]
  }
}

/** Nothing of another run (a retry, a developer's) stays connected: each run connects its own. */
async function disconnectAll(request: APIRequestContext) {
  for (const kind of channelKinds) {
    const res = await request.delete(`/api/admin/channels/${kind}`)
    expect([200, 404], await res.text()).toContain(res.status())
  }
  const { webhooks } = await channelsNow(request)
  for (const { id } of webhooks) expect((await request.delete(`/api/admin/channels/webhooks/${id}`)).status()).toBe(204)
}

const card = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true })

test.afterEach(async ({ request }, testInfo) => {
  // The lane's later tests publish articles too: none of them is announced anywhere.
  await adminLogin(request, testInfo)
  await disconnectAll(request)
})

test('the owner connects Discord, Bluesky and Mastodon; each new article is announced once on each; Share now once more', async ({
  page,
  request,
  browser,
}, testInfo) => {
  // Three networks connected through the form, two articles, a share, a pause and a webhook: more
  // than one ordinary test's minute on a loaded machine.
  test.setTimeout(120_000)
  await adminLogin(request, testInfo)
  await disconnectAll(request)
  const { discord, bluesky, mastodon } = fakes()
  const stamp = Date.now().toString(36)
  const webhook = await fake<{ id: string; url: string }>(request, `${discord}/__fake/webhooks`, {})
  const account = await fake<{ handle: string; did: string; appPassword: string }>(
    request,
    `${bluesky}/__fake/accounts`,
    { handle: `e2e-${stamp}.bsky.test` },
  )
  const token = await fake<{ token: string; account: { username: string } }>(request, `${mastodon}/__fake/accounts`, {
    username: `e2e${stamp}`,
  })

  // Connected in the tab, each with what its network gives the owner.
  await openTab(page, testInfo, 'channels', 'Channels')
  await card(page, 'Discord').getByLabel('Discord webhook URL').fill(webhook.url)
  await card(page, 'Discord').getByRole('button', { name: 'Connect' }).click()
  await expectToast(page, 'Discord Connected')
  const blueskyCard = card(page, 'Bluesky')
  await blueskyCard.getByLabel('Bluesky handle').fill(account.handle)
  await blueskyCard.getByLabel('App password').fill(account.appPassword)
  await blueskyCard.getByLabel('Server', { exact: true }).fill(bluesky)
  await blueskyCard.getByRole('button', { name: 'Connect' }).click()
  await expectToast(page, 'Bluesky Connected')
  const mastodonCard = card(page, 'Mastodon')
  await mastodonCard.getByLabel('Mastodon instance').fill(mastodon)
  await mastodonCard.getByLabel('Access token').fill(token.token)
  await mastodonCard.getByRole('button', { name: 'Connect' }).click()
  await expectToast(page, 'Mastodon Connected')
  await expect(blueskyCard).toContainText(`Connected as ${account.handle}`)
  for (const label of ['Discord', 'Bluesky', 'Mastodon']) {
    await expect(card(page, label).getByRole('checkbox', { name: 'Announce articles' })).toBeChecked()
    await expect(card(page, label).getByRole('button', { name: 'Disconnect' })).toBeVisible()
  }
  // A switch saves on its own, without the credential.
  const results = mastodonCard.getByRole('checkbox', { name: 'Announce race results' })
  await results.uncheck()
  await expectToast(page, 'Saved', 'Mastodon does not announce race results.')
  await expect(results).not.toBeChecked()
  const ours = { webhookId: webhook.id, did: account.did, username: token.account.username }

  // One article published in the editor...
  const published = unique('Channels live')
  await page.goto('/admin?tab=news')
  await page.getByRole('button', { name: 'New Article' }).click()
  await page.getByLabel('Title', { exact: true }).fill(published)
  await page.getByLabel('Author', { exact: true }).fill('E2E Desk')
  await page.getByRole('button', { name: 'HTML source' }).click()
  await page.getByLabel('Content (HTML)', { exact: true }).fill(`<p>${published}: the body of the article.</p>`)
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expectToast(page, 'Article Added')

  // ...and one the scheduler publishes at its time: the tick runs as if it were then.
  const scheduled = unique('Channels scheduled')
  const at = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 120_000)
  const created = await request.post('/api/news', {
    data: { title: scheduled, author: 'E2E Desk', content: '<p>Due soon.</p>', publishAt: at.toISOString() },
  })
  expect(created.status(), await created.text()).toBe(201)
  const scheduledId = ((await created.json()) as { id: number }).id
  expect((await tickScheduler(request, at)).publishedNews).toContain(scheduledId)

  await expect
    .poll(async () => {
      const sent = await received(request, ours)
      return [counts(sent, published), counts(sent, scheduled)]
    })
    .toEqual([once, once])
  const sent = await received(request, ours)
  const publishedId = await idOf(request, published)
  for (const [title, id] of [
    [published, publishedId],
    [scheduled, scheduledId],
  ] as const) {
    const each = sent(title)
    const url = `${currentSite().baseURL}${await addressOf(request, id)}`
    const embed = each.discord[0]!.body.embeds![0]!
    expect(embed.url).toBe(`${url}?utm_source=discord&utm_medium=social`)
    expect(embed.image?.url).toBe(`${currentSite().baseURL}/api/og/news/${id}`)
    const post = each.bluesky[0]!
    expect(post.links.map((l) => l.uri)).toEqual([`${url}?utm_source=bluesky&utm_medium=social`])
    expect(post.record.embed?.external?.uri).toBe(`${url}?utm_source=bluesky&utm_medium=social`)
    expect(post.record.embed?.external?.thumb, 'the card of the Bluesky post has its picture').toBeTruthy()
    expect(each.mastodon[0]!.params.status).toContain(`${url}?utm_source=mastodon&utm_medium=social`)
    // Mastodon draws its card from the page's own picture.
    expect(await (await request.get(`/news/${id}`)).text()).toContain(`/api/og/news/${id}`)
  }
  // A reader who follows the Discord link is counted under Discord in the Audience tab (Discord
  // sends no referrer: the link's tags are all the site learns).
  await followAsReader(browser, currentSite().baseURL, new URL(sent(published).discord[0]!.body.embeds![0]!.url!))
  await openTab(page, testInfo, 'audience', 'Audience')
  await expect(page.getByRole('table', { name: 'Sources' }).getByRole('row', { name: /^Discord \d/ })).toBeVisible()
  await openTab(page, testInfo, 'news', 'News')

  // IndexNow heard of the new page too.
  await expect
    .poll(async () =>
      (await fake<{ urls: string[] }[]>(request, `${fakes().indexNow}/__fake/submissions`)).flatMap((s) => s.urls),
    )
    .toContain(`${currentSite().baseURL}${await addressOf(request, publishedId)}`)

  // An edit of a public article announces nothing...
  const article = (await (await request.get(`/api/admin/news/${publishedId}`)).json()) as { updatedAt: string }
  const edited = await request.put(`/api/news/${publishedId}`, {
    data: {
      title: published,
      author: 'E2E Desk',
      content: '<p>Edited after it was announced.</p>',
      baseUpdatedAt: article.updatedAt,
    },
  })
  expect(edited.status(), await edited.text()).toBe(200)

  // ...'Share now' posts it once more on each.
  await page.getByRole('searchbox', { name: 'Search articles' }).fill(published)
  const row = page.getByRole('list', { name: 'News articles' }).getByRole('listitem').filter({ hasText: published })
  await row.getByRole('button', { name: `Actions for ${published}` }).click()
  await page.getByRole('menuitem', { name: 'Share now' }).click()
  await expectToast(page, 'Shared on Discord, Bluesky, Mastodon')
  await expect
    .poll(async () => {
      const now = await received(request, ours)
      return [counts(now, published), counts(now, scheduled)]
    })
    .toEqual([twice, once])
  // The ledger holds the announcement and the share of each network, nothing for the edit.
  for (const channel of (await channelsNow(request)).channels) {
    const ofArticle = channel.deliveries.filter((d) => d.subjectId === publishedId)
    expect(ofArticle.map((d) => `${d.reason} ${d.status}`).sort(), channel.kind).toEqual([
      'announce sent',
      'share sent',
    ])
  }

  // The tab lists them, with the post's link.
  await page.goto('/admin?tab=channels')
  const deliveries = card(page, 'Bluesky').getByRole('region', { name: 'Last deliveries to Bluesky' })
  const shared = deliveries.getByRole('row').filter({ hasText: `Article ${publishedId} (shared)` })
  await expect(shared).toContainText('Sent')
  await expect(shared.getByRole('link', { name: 'View post' })).toHaveAttribute(
    'href',
    new RegExp(`^https://bsky\\.app/profile/${account.handle}/post/`),
  )

  // A network that refuses the credential pauses its channel: the tab says why, and Resume sends what waited.
  await fake(request, `${mastodon}/__fake/queue`, { behaviors: [{ kind: 'status', status: 401 }] })
  await mastodonCard.getByRole('button', { name: 'Send Test' }).click()
  await expectToast(page, 'Test Sent')
  await expect
    .poll(async () => (await channelsNow(request)).channels.find((c) => c.kind === 'mastodon')?.paused ?? null)
    .not.toBeNull()
  await page.reload()
  const paused = mastodonCard.getByRole('alert')
  await expect(paused).toContainText('Mastodon is paused since')
  await paused.getByRole('button', { name: 'Resume' }).click()
  await expectToast(page, 'Mastodon Resumed')
  await expect(paused).toBeHidden()
  await expect.poll(async () => (await received(request, ours))('Test from').mastodon.length).toBe(1)

  // A webhook's signing secret is shown once, when it is added.
  const webhooks = page.getByRole('region', { name: 'Webhooks' })
  await webhooks.getByLabel('Webhook URL').fill(`${discord}/receiver`)
  await webhooks.getByRole('checkbox', { name: 'Article published' }).check()
  await webhooks.getByRole('button', { name: 'Add webhook' }).click()
  await expectToast(page, 'Webhook Added')
  await expect(webhooks.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(/^whsec_/)
  await expect(webhooks.getByText('Copy it now: it is not shown again.')).toBeVisible()
  await expect(webhooks.getByRole('listitem', { name: new URL(discord).host })).toContainText(
    'Events: Article published',
  )
  await expectNoAxeViolations(page, 'channels connected, with a new webhook')
  await webhooks.getByRole('button', { name: /^Remove / }).click()
  await confirm(page, 'Remove')
  await expectToast(page, 'Webhook Removed')
  await expect(webhooks.getByText('No webhook yet.')).toBeVisible()

  await card(page, 'Discord').getByRole('button', { name: 'Disconnect' }).click()
  await confirm(page, 'Disconnect')
  await expectToast(page, 'Discord Disconnected')
  await expect(card(page, 'Discord').getByLabel('Discord webhook URL')).toBeEmpty()
})

/** The article's address with its words (decision 0871), as the announcements link it. */
async function addressOf(request: APIRequestContext, id: number): Promise<string> {
  const { slug } = (await (await request.get(`/api/news/${id}`)).json()) as { slug: string }
  return `/news/${id}/${slug}`
}

async function idOf(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.get(`/api/admin/news?search=${encodeURIComponent(title)}`)
  const [article] = (await res.json()) as { id: number }[]
  return article!.id
}
