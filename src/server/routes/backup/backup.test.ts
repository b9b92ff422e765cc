import { randomBytes } from 'node:crypto'
import { createGzip, gzipSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoContent } from '../../../../scripts/local-platform/seed-demo.ts'
import { appWith, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { fakeJpeg, startBlobs, type BlobsHarness } from '../../../../tests/helpers/blobs.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import type { TestPlatform } from '../../../../tests/helpers/platform.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { publicRoutes } from '../../auth/guard.ts'
import { exportDownloads, restoreUploads } from '../../backup/upload.ts'
import { MAX_CHUNK_BYTES } from '../../blobs/chunked-files.ts'
import { storeImage } from '../../blobs/images.ts'
import { serveMedia } from '../../blobs/serve.ts'
import { db } from '../../db/client.ts'
import { createNews } from '../../../../tests/factories.ts'
import { revisions, standingsRows } from '../../db/schema.ts'

/** The archive as the System tab downloads it: built into chunks, fetched one by one, then deleted. */
async function downloadBackup(cookie: string): Promise<{ file: Buffer; fileName: string; chunks: Buffer[] }> {
  const opened = await send('POST', '/api/admin/backup/exports', { cookie })
  expect(opened.status, JSON.stringify(opened.body)).toBe(201)
  const {
    id,
    size,
    chunks: count,
    fileName,
  } = opened.body as { id: string; size: number; chunks: number; fileName: string }
  const chunks: Buffer[] = []
  for (let i = 0; i < count; i++) {
    const res = await site.app.request(`/api/admin/backup/exports/${id}/chunks/${i}`, { headers: { cookie } })
    expect(res.status).toBe(200)
    chunks.push(Buffer.from(await res.arrayBuffer()))
  }
  expect((await send('DELETE', `/api/admin/backup/exports/${id}`, { cookie })).status).toBe(200)
  const file = Buffer.concat(chunks)
  expect(file.length).toBe(size)
  return { file, fileName, chunks }
}

/** Sends a file through the chunked restore upload, as the System tab does; answers its id. */
async function uploadBackup(cookie: string, file: Uint8Array): Promise<string> {
  const opened = await send('POST', '/api/admin/backup/restores', { cookie, body: { size: file.length } })
  expect(opened.status).toBe(201)
  const { id, chunkSize, chunks } = opened.body as { id: string; chunkSize: number; chunks: number }
  for (let i = 0; i < chunks; i++) {
    const put = await send('PUT', `/api/admin/backup/restores/${id}/chunks/${i}`, {
      cookie,
      raw: file.slice(i * chunkSize, (i + 1) * chunkSize),
      headers: { 'content-type': 'application/octet-stream' },
    })
    expect(put.status).toBe(200)
  }
  return id
}

const completeRestore = (cookie: string, id: string, replace: boolean) =>
  send('POST', `/api/admin/backup/restores/${id}/complete`, { cookie, body: { replace } })

async function restoreBackup(cookie: string, file: Uint8Array, replace: boolean) {
  return completeRestore(cookie, await uploadBackup(cookie, file), replace)
}

/**
 * Every answer a visitor can get (each list route of the guard's public routes, every item by id,
 * every site setting, the bytes of every image) and the owner's lists: what a restore must give back.
 */
async function siteAnswers(cookie: string): Promise<Map<string, unknown>> {
  const answers = new Map<string, unknown>()
  const get = async (path: string, withCookie = false) => {
    const res = await site.app.request(path, { headers: withCookie ? { cookie } : {} })
    const text = await res.text()
    answers.set(path, { status: res.status, body: text })
    return text ? (JSON.parse(text) as unknown) : null
  }
  const lists = [...publicRoutes]
    .filter((r) => r.startsWith('GET ') && !r.includes(':'))
    .map((r) => r.slice('GET '.length))
  for (const path of lists) await get(path)
  const byId: Record<string, string> = {
    '/api/games': '/api/games',
    '/api/accessories': '/api/accessories',
    '/api/streams': '/api/streams',
    '/api/reviews': '/api/reviews',
    '/api/championships': '/api/championships',
  }
  for (const [list, base] of Object.entries(byId)) {
    const items = (await get(list)) as { id: number }[]
    for (const item of items) await get(`${base}/${item.id}`)
  }
  const news = (await get('/api/admin/news?pageSize=200', true)) as { items?: { id: number }[] } | { id: number }[]
  const articles = Array.isArray(news) ? news : (news.items ?? [])
  expect(articles.length).toBeGreaterThan(0)
  for (const a of articles) {
    await get(`/api/news/${a.id}`)
    await get(`/api/admin/news/${a.id}`, true)
  }
  for (const key of ['hero_image', 'overlay_transparency', 'demo_seeded_at']) await get(`/api/site-settings/${key}`)
  for (const path of [
    '/api/admin/ai-settings',
    '/api/admin/seo',
    '/api/admin/scheduler/config',
    '/api/admin/scheduler/separate-config',
    '/api/images',
  ]) {
    await get(path, true)
  }
  const library = (await get('/api/image-library')) as { url: string }[]
  for (const { url } of library.filter((i) => i.url.startsWith('/media/'))) {
    const res = await serveMedia(blobServer.stores, new Request(`http://localhost${url}`))
    answers.set(url, { status: res.status, bytes: Buffer.from(await res.arrayBuffer()).toString('base64') })
  }
  return answers
}

let blobServer: BlobsHarness
let site: ReturnType<typeof appWith>
let platform: TestPlatform
let send: Send
let cookie = ''
let before: Map<string, unknown>
let backup: Awaited<ReturnType<typeof downloadBackup>>
let imageUrl = ''

/** A site of its own: a Blobs server and an app whose platform stores there. */
async function startSite() {
  blobServer = await startBlobs()
  site = appWith({ blobs: blobServer.stores })
  ;({ platform, send } = site)
}

beforeAll(async () => {
  await startSite()
  await resetDatabase()
  await seedDemoContent(new Date('2026-11-20T10:00:00Z'))
  cookie = await adminCookie()
  const image = Buffer.from(fakeJpeg(50_000, 7)).toString('base64')
  const added = await send('POST', '/api/image-library', {
    cookie,
    body: { name: 'Uploaded', url: `data:image/jpeg;base64,${image}` },
  })
  expect(added.status).toBe(201)
  imageUrl = added.body.url as string
  // A scheduled draft, a hand-edited standings row and a revision: the round's new columns too.
  await createNews({ title: 'Scheduled', status: 'draft', publishAt: new Date('2026-12-01T08:00:00.123Z') })
  await db().update(standingsRows).set({ editedAt: new Date() })
  await db()
    .insert(revisions)
    .values({ entity: 'news', entityId: 1, action: 'update', snapshot: { title: 'Old' }, changedFields: ['title'] })
  before = await siteAnswers(cookie)
  backup = await downloadBackup(cookie)
})

afterAll(async () => {
  await blobServer.close()
})

describe('backup export and restore', () => {
  it('downloads one gzipped archive named by the day, with the format, the migration, the tables and the images', () => {
    expect(backup.fileName).toMatch(/^simracing-backup-\d{4}-\d{2}-\d{2}\.json\.gz$/)
    const archive = JSON.parse(gunzipSync(backup.file).toString('utf8'))
    expect(archive).toMatchObject({ format: 'simracing-hub-backup', version: 1 })
    expect(archive.migration).toMatch(/^\d{14}_/)
    expect(archive.tables.games.length).toBeGreaterThan(0)
    expect(archive.tables.news_articles[0]).not.toHaveProperty('search_text')
    expect(archive.tables).not.toHaveProperty('admin_credentials')
    expect(archive.tables).not.toHaveProperty('admin_sessions')
    expect(archive.media.map((m: { key: string }) => `/media/${m.key}`)).toContain(imageUrl)
  })

  it('restored into an empty site gives the same public answers, admin lists and image bytes', async () => {
    // Site B: an empty database and an empty Blobs store.
    await blobServer.close()
    await startSite()
    await resetDatabase()
    cookie = await adminCookie()
    expect((await send('GET', '/api/games')).body).toEqual([])
    expect((await serveMedia(blobServer.stores, new Request(`http://localhost${imageUrl}`))).status).toBe(404)

    const restored = await restoreBackup(cookie, backup.file, false)
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    expect(restored.body.images).toBeGreaterThan(0)

    const after = await siteAnswers(cookie)
    expect([...after.keys()]).toEqual([...before.keys()])
    for (const [path, answer] of before) expect(after.get(path), path).toEqual(answer)

    // Sequences are past the restored ids: a new game gets a fresh one.
    const games = (await send('GET', '/api/games')).body as { id: number }[]
    const created = await send('POST', '/api/admin/games', { cookie, body: { title: 'After restore' } })
    expect(created.status).toBe(201)
    expect(created.body.id).toBeGreaterThan(Math.max(...games.map((g) => g.id)))

    // Every page may show restored content: the whole site is purged, and the audit log says what happened.
    expect(platform.purged).toContain('everything')
    const audit = await send('GET', '/api/admin/audit-log', { cookie })
    expect(audit.body.items.map((i: { entity: string }) => i.entity)).toContain('backup')
  })

  it('refuses a restore over content with 409 unless asked to replace, changing nothing', async () => {
    const upload = await uploadBackup(cookie, backup.file)
    const digest = await databaseDigest()
    const refused = await completeRestore(cookie, upload, false)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/already has content/)
    expect(await databaseDigest()).toBe(digest)

    const replaced = await restoreBackup(cookie, backup.file, true)
    expect(replaced.status).toBe(200)
    const titles = ((await send('GET', '/api/games')).body as { title: string }[]).map((g) => g.title)
    expect(titles).not.toContain('After restore')
    expect((await send('GET', '/api/games')).body).toEqual(
      JSON.parse((before.get('/api/games') as { body: string }).body),
    )
  })

  it('refuses a corrupt or foreign file with 400 and a clear message, changing nothing', async () => {
    const archive = JSON.parse(gunzipSync(backup.file).toString('utf8'))
    const damagedRow = structuredClone(archive)
    damagedRow.tables.games[0].title = 42
    const damagedImage = structuredClone(archive)
    damagedImage.media[0].data = Buffer.from(fakeJpeg(1000, 99)).toString('base64')
    const cases: [string, Uint8Array, RegExp][] = [
      ['random bytes', new Uint8Array([1, 2, 3, 4, 5]), /not a backup of this site/],
      ['a truncated archive', backup.file.subarray(0, backup.file.length / 2), /not a backup of this site/],
      ['gzipped JSON of something else', gzipSync(JSON.stringify({ hello: 'world' })), /not a backup of this site/],
      ['a newer format', gzipSync(JSON.stringify({ ...archive, version: 2 })), /format version 2/],
      ['a damaged row', gzipSync(JSON.stringify(damagedRow)), /damaged.*games #1 title/],
      ['an image that is not its key', gzipSync(JSON.stringify(damagedImage)), /does not match its contents/],
      [
        'an unknown migration',
        gzipSync(JSON.stringify({ ...archive, migration: '29991231000000_future' })),
        /newer version of the site/,
      ],
    ]
    for (const [label, file, message] of cases) {
      const upload = await uploadBackup(cookie, file)
      const digest = await databaseDigest()
      const res = await completeRestore(cookie, upload, true)
      expect(res.status, label).toBe(400)
      expect(res.body.message, label).toMatch(message)
      expect(await databaseDigest(), label).toBe(digest)
    }
  })

  it('leaves nothing half-written when the database refuses a row late in the restore', async () => {
    const archive = JSON.parse(gunzipSync(backup.file).toString('utf8'))
    // Valid JSON for the archive, refused by a constraint of the last table: the tables before it
    // have been emptied and written by then, inside the transaction.
    archive.tables.revisions.push({ ...archive.tables.revisions[0], id: 9999, action: 'vanish' })
    const upload = await uploadBackup(cookie, gzipSync(JSON.stringify(archive)))
    const digest = await databaseDigest()
    const res = await completeRestore(cookie, upload, true)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/revisions_action_valid.*Nothing was changed/)
    expect(await databaseDigest()).toBe(digest)
    expect((await send('GET', '/api/games')).body).toEqual(
      JSON.parse((before.get('/api/games') as { body: string }).body),
    )
  })

  it('keeps the id counters when a restore is refused late: the next additions get new ids, no 409', async () => {
    // Added after the backup was made: ids past the archive's highest.
    expect((await send('POST', '/api/admin/games', { cookie, body: { title: 'Added before' } })).status).toBe(201)
    const article = { title: 'Added before', author: 'Desk', category: 'News', content: '<p>Before.</p>' }
    expect((await send('POST', '/api/news', { cookie, body: article })).status).toBe(201)

    const archive = JSON.parse(gunzipSync(backup.file).toString('utf8'))
    archive.tables.revisions.push({ ...archive.tables.revisions[0], id: 9999, action: 'vanish' })
    const refused = await restoreBackup(cookie, gzipSync(JSON.stringify(archive)), true)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/Nothing was changed/)

    for (const title of ['First after', 'Second after']) {
      const game = await send('POST', '/api/admin/games', { cookie, body: { title } })
      expect(game.status, JSON.stringify(game.body)).toBe(201)
      const news = await send('POST', '/api/news', { cookie, body: { ...article, title } })
      expect(news.status, JSON.stringify(news.body)).toBe(201)
    }
  })

  it('refuses a row nested 5,000 levels deep with 400, changing nothing', async () => {
    const archive = JSON.parse(gunzipSync(backup.file).toString('utf8'))
    const nested = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`
    const text = JSON.stringify(archive).replace('"snapshot":{', `"snapshot":{"deep":${nested},`)
    const upload = await uploadBackup(cookie, gzipSync(text))
    const digest = await databaseDigest()
    const res = await completeRestore(cookie, upload, true)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(
      'The backup is damaged and was not restored: a value is nested more than 64 levels deep.',
    )
    expect(await databaseDigest()).toBe(digest)
  })

  it('refuses a backup that unpacks to more than a function holds with 413, changing nothing', async () => {
    // 170 MB of JSON in a few hundred KB of gzip, streamed so that the test never holds it.
    const gzip = createGzip()
    const parts: Buffer[] = []
    gzip.on('data', (chunk: Buffer) => parts.push(chunk))
    const done = new Promise((resolve) => gzip.on('end', resolve))
    gzip.write('{"format":"simracing-hub-backup","version":1,"padding":"')
    const megabyte = Buffer.alloc(1024 * 1024, 'x')
    for (let i = 0; i < 170; i++) gzip.write(megabyte)
    gzip.end('"}')
    await done
    const upload = await uploadBackup(cookie, Buffer.concat(parts))
    const digest = await databaseDigest()
    const res = await completeRestore(cookie, upload, true)
    expect(res.status).toBe(413)
    expect(res.body.message).toBe(
      'This backup unpacks to more than 160 MB, more than the site can restore at once. Nothing was changed.',
    )
    expect(await databaseDigest()).toBe(digest)
  })

  it('removes restore uploads left unfinished for an hour when the next restore starts', async () => {
    const now = Date.now()
    const abandoned = await restoreUploads(blobServer.stores).open(10, new Date(now - 2 * 60 * 60 * 1000))
    await restoreUploads(blobServer.stores).put(abandoned.id, 0, new Uint8Array(10))
    const recent = await restoreUploads(blobServer.stores).open(10, new Date(now - 5 * 60 * 1000))
    const opened = await send('POST', '/api/admin/backup/restores', { cookie, body: { size: 10 } })
    expect(opened.status).toBe(201)
    const keys = (await blobServer.stores('uploads').list({ prefix: 'backup/' })).blobs.map((b) => b.key)
    expect(keys.some((k) => k.startsWith(`backup/${abandoned.id}/`))).toBe(false)
    expect(keys).toContain(`backup/${recent.id}/manifest`)
    expect(keys).toContain(`backup/${opened.body.id}/manifest`)
  })

  it('downloads a site larger than one function response in chunks, and keeps no copy afterwards', async () => {
    // 7 MB of pictures (random bytes: fakeJpeg's pattern would compress to nothing), more than a
    // buffered Netlify Function answers in one response.
    const picture = fakeJpeg(7 * 1024 * 1024)
    picture.set(randomBytes(picture.length - 20), 11)
    const big = await storeImage(blobServer.stores, picture)
    const download = await downloadBackup(cookie)
    expect(download.chunks.length).toBeGreaterThanOrEqual(3)
    for (const chunk of download.chunks) expect(chunk.length).toBeLessThanOrEqual(MAX_CHUNK_BYTES)
    const archive = JSON.parse(gunzipSync(download.file).toString('utf8'))
    const media = archive.media.find((m: { key: string }) => m.key === big.key)
    expect(Buffer.from(media.data, 'base64').equals(Buffer.from(picture))).toBe(true)

    // download() deleted the server's copy: nothing of it is left in the uploads store.
    const { blobs } = await blobServer.stores('uploads').list({ prefix: 'backup-export/' })
    expect(blobs).toEqual([])
  })

  it('answers 404 for a download that is not there, and removes the ones left unfetched for an hour', async () => {
    const missing = await site.app.request(`/api/admin/backup/exports/${'0'.repeat(32)}/chunks/0`, {
      headers: { cookie },
    })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: 'Backup download not found' })

    // A tab closed mid-download left its export behind two hours ago; a fresh one is kept.
    const now = Date.now()
    const abandoned = await exportDownloads(blobServer.stores).write(
      new Uint8Array(10),
      new Date(now - 2 * 60 * 60 * 1000),
    )
    const recent = await exportDownloads(blobServer.stores).write(new Uint8Array(10), new Date(now - 5 * 60 * 1000))
    await downloadBackup(cookie)
    const keys = (await blobServer.stores('uploads').list({ prefix: 'backup-export/' })).blobs.map((b) => b.key)
    expect(keys.some((k) => k.startsWith(`backup-export/${abandoned.id}/`))).toBe(false)
    expect(keys.filter((k) => k.startsWith(`backup-export/${recent.id}/`))).toHaveLength(2)
  })
})
