import { randomBytes } from 'node:crypto'
import { createGzip, gzipSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoContent } from '../../demo/seed.ts'
import { appWith, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { fakeJpeg, startBlobs, type BlobsHarness } from '../../../../tests/helpers/blobs.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import type { TestPlatform } from '../../../../tests/helpers/platform.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { publicRoutes } from '../../public-routes.ts'
import { exportDownloads, restoreUploads } from '../../backup/upload.ts'
import { CHUNK_SIZE, MAX_CHUNK_BYTES } from '../../blobs/chunked-files.ts'
import { storeImage } from '../../blobs/images.ts'
import { serveMedia } from '../../blobs/serve.ts'
import { db } from '../../db/client.ts'
import { createNews } from '../../demo/factories.ts'
import { revisions, standingsRows } from '../../db/schema.ts'

type Line = Record<string, unknown>

/** A version 2 archive's lines, parsed (archive.ts). */
const linesOf = (file: Uint8Array): Line[] =>
  gunzipSync(file)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line)

const archiveOf = (lines: Line[]) => gzipSync(lines.map((line) => JSON.stringify(line)).join('\n') + '\n')

const rowsOf = (lines: Line[], table: string) => lines.filter((l) => l.t === table).map((l) => l.r as Line)

/** The lines with `rows` added after the table's last row, and the end line's count to match. */
function withRows(lines: Line[], table: string, rows: Line[]): Line[] {
  const last = lines.findLastIndex((l) => l.t === table)
  const out = [...lines.slice(0, last + 1), ...rows.map((r) => ({ t: table, r })), ...lines.slice(last + 1)]
  const end = structuredClone(out.at(-1)!) as { end: { rows: Record<string, number> } }
  end.end.rows[table] = (end.end.rows[table] ?? 0) + rows.length
  return [...out.slice(0, -1), end]
}

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
  const lists = [...publicRoutes()]
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
  it('downloads one gzipped archive named by the day: a header line, a line per row and per image, and the counts', () => {
    expect(backup.fileName).toMatch(/^simracing-backup-\d{4}-\d{2}-\d{2}\.json\.gz$/)
    const lines = linesOf(backup.file)
    expect(lines[0]).toMatchObject({ format: 'simracing-hub-backup', version: 2 })
    expect(lines[0]!.migration).toMatch(/^\d{14}_/)
    expect(rowsOf(lines, 'games').length).toBeGreaterThan(0)
    expect(rowsOf(lines, 'news_articles')[0]).not.toHaveProperty('search_text')
    expect(lines.some((l) => l.t === 'admin_credentials' || l.t === 'admin_sessions')).toBe(false)
    const images = lines.filter((l) => 'image' in l).map((l) => l.image as { key: string })
    expect(images.map((m) => `/media/${m.key}`)).toContain(imageUrl)
    // Images after every row, and the end line counts both.
    expect(lines.findIndex((l) => 'image' in l)).toBeGreaterThan(lines.findLastIndex((l) => 't' in l))
    expect(lines.at(-1)).toEqual({
      end: { rows: expect.objectContaining({ games: rowsOf(lines, 'games').length }), images: images.length },
    })
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

  it('restores a version 1 archive (one JSON document, as exports wrote before 2026-11-27)', async () => {
    const lines = linesOf(backup.file)
    const tables = Object.fromEntries(
      Object.keys((lines.at(-1)!.end as { rows: Record<string, number> }).rows).map((t) => [t, rowsOf(lines, t)]),
    )
    const media = lines.flatMap((l) => ('image' in l ? [l.image] : []))
    const { format, createdAt, migration } = lines[0]!
    const v1 = gzipSync(JSON.stringify({ format, version: 1, createdAt, migration, tables, media }))
    expect((await send('POST', '/api/admin/games', { cookie, body: { title: 'Before the old backup' } })).status).toBe(
      201,
    )

    const restored = await restoreBackup(cookie, v1, true)
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    expect(restored.body).toMatchObject({ createdAt, images: media.length })
    expect((await send('GET', '/api/games')).body).toEqual(
      JSON.parse((before.get('/api/games') as { body: string }).body),
    )
  })

  it('refuses a corrupt or foreign file with 400 and a clear message, changing nothing', async () => {
    const lines = linesOf(backup.file)
    const header = lines[0]!
    const firstGame = lines.find((l) => l.t === 'games')!
    const damagedRow = lines.map((l) => (l === firstGame ? { ...l, r: { ...(l.r as Line), title: 42 } } : l))
    const damagedImage = lines.map((l) =>
      'image' in l ? { image: { ...(l.image as Line), data: Buffer.from(fakeJpeg(1000, 99)).toString('base64') } } : l,
    )
    const revision = lines.find((l) => l.t === 'revisions')!
    const longLine = `{"t":"games","r":{"title":"${'x'.repeat(17 * 1024 * 1024)}"}}`
    const cases: [string, Uint8Array, RegExp][] = [
      ['random bytes', new Uint8Array([1, 2, 3, 4, 5]), /not a backup of this site/],
      ['a truncated archive', backup.file.subarray(0, backup.file.length / 2), /not a backup of this site/],
      ['gzipped JSON of something else', gzipSync(JSON.stringify({ hello: 'world' })), /not a backup of this site/],
      ['a newer format', archiveOf([{ ...header, version: 3 }, ...lines.slice(1)]), /format version 3/],
      ['a damaged row', archiveOf(damagedRow), /damaged.*games #1 title/],
      ['an image that is not its key', archiveOf(damagedImage), /does not match its contents/],
      [
        'an unknown migration',
        archiveOf([{ ...header, migration: '29991231000000_future' }, ...lines.slice(1)]),
        /newer version of the site/,
      ],
      // Cut at a line: still gzip and JSON, but its last line, the counts, is missing.
      ['an archive cut after a line', archiveOf(lines.slice(0, -1)), /damaged.*ends early/],
      [
        'a row the end line does not count',
        archiveOf([header, lines[1]!, ...lines.slice(1)]),
        /damaged.*fewer or more rows/,
      ],
      [
        'rows out of their tables order',
        archiveOf([header, revision, ...lines.slice(1).filter((l) => l !== revision)]),
        /damaged.*out of order/,
      ],
      ['a line of 17 MB', gzipSync(`${JSON.stringify(header)}\n${longLine}\n`), /damaged.*longer than 16 MB/],
      // What the API refuses, a restore refuses too (issue 42), naming the table and the row.
      [
        'a javascript: purchase link',
        archiveOf(
          withRows(lines, 'accessories', [
            { ...rowsOf(lines, 'accessories')[0]!, id: 9_001, purchase_url: 'javascript:alert(1)' },
          ]),
        ),
        /damaged.*accessories #\d+ purchase_url: must be an http\(s\) address or a path on this site/,
      ],
      [
        'a data: hero image',
        archiveOf(
          lines.map((l) =>
            l.t === 'site_settings' && (l.r as Line).key === 'hero_image'
              ? { ...l, r: { ...(l.r as Line), value: 'data:text/html,<script>alert(1)</script>' } }
              : l,
          ),
        ),
        /damaged.*site_settings #\d+ value: must be an http\(s\) address or a path on this site/,
      ],
      [
        'a game numbered -5',
        archiveOf(withRows(lines, 'games', [{ ...rowsOf(lines, 'games')[0]!, id: -5 }])),
        /damaged.*games #\d+ id: must be a whole number from 1/,
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
    const lines = linesOf(backup.file)
    // Valid JSON for the archive, refused by a constraint of the last table: the tables before it
    // have been emptied and written by then, inside the transaction.
    const late = withRows(lines, 'revisions', [{ ...rowsOf(lines, 'revisions')[0]!, id: 9999, action: 'vanish' }])
    const upload = await uploadBackup(cookie, archiveOf(late))
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

    const lines = linesOf(backup.file)
    const late = withRows(lines, 'revisions', [{ ...rowsOf(lines, 'revisions')[0]!, id: 9999, action: 'vanish' }])
    const refused = await restoreBackup(cookie, archiveOf(late), true)
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
    const nested = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`
    const text = gunzipSync(backup.file).toString('utf8').replace('"snapshot": {', `"snapshot": {"deep":${nested},`)
    expect(text).toContain('"deep"')
    const upload = await uploadBackup(cookie, gzipSync(text))
    const digest = await databaseDigest()
    const res = await completeRestore(cookie, upload, true)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(
      'The backup is damaged and was not restored: a value is nested more than 64 levels deep.',
    )
    expect(await databaseDigest()).toBe(digest)
  })

  it('refuses a version 1 backup that unpacks to more than a function holds with 413, changing nothing', async () => {
    // A version 1 archive is read whole. 170 MB of JSON in a few hundred KB of gzip, streamed so that the test never holds it.
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
    const media = linesOf(download.file)
      .map((l) => l.image as { key: string; data: string } | undefined)
      .find((m) => m?.key === big.key)!
    expect(Buffer.from(media.data, 'base64').equals(Buffer.from(picture))).toBe(true)

    // download() deleted the server's copy: nothing of it is left in the uploads store.
    const { blobs } = await blobServer.stores('uploads').list({ prefix: 'backup-export/' })
    expect(blobs).toEqual([])
  })

  it('answers 404 for a download that is not there or not finished, and removes the ones left for an hour', async () => {
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
    // A function that ran out of time while it wrote an export: a chunk stored, never finished.
    const dead = await exportDownloads(blobServer.stores).create(new Date(now - 2 * 60 * 60 * 1000))
    await dead.append(new Uint8Array(CHUNK_SIZE + 10))
    const unfinished = await site.app.request(`/api/admin/backup/exports/${dead.id}/chunks/0`, { headers: { cookie } })
    expect(unfinished.status).toBe(404)
    await downloadBackup(cookie)
    const keys = (await blobServer.stores('uploads').list({ prefix: 'backup-export/' })).blobs.map((b) => b.key)
    expect(keys.some((k) => k.startsWith(`backup-export/${abandoned.id}/`))).toBe(false)
    expect(keys.some((k) => k.startsWith(`backup-export/${dead.id}/`))).toBe(false)
    expect(keys.filter((k) => k.startsWith(`backup-export/${recent.id}/`))).toHaveLength(2)
  })

  it('restores hostile article HTML sanitized: the API, the admin list and a History restore answer it clean', async () => {
    const hostile =
      '<p>Safe words.</p><img src="/media/a.webp" onerror="alert(1)">' +
      '<meta http-equiv="refresh" content="0;url=https://evil.example/">' +
      '<iframe srcdoc="<script>alert(2)</script>"></iframe>'
    const unsafe = /onerror|http-equiv|<meta|<iframe|srcdoc|<script/i
    const lines = linesOf(backup.file)
    const article = rowsOf(lines, 'news_articles').find((a) => a.status === 'published')!
    const id = article.id as number
    // An edited archive: the article and a version of it in its History hold the payloads.
    const version = { ...(await send('GET', `/api/admin/news/${id}`, { cookie })).body, content: hostile }
    const revision = {
      ...rowsOf(lines, 'revisions')[0]!,
      id: 9001,
      entity: 'news',
      entity_id: id,
      action: 'update',
      snapshot: version,
      changed_fields: ['content'],
    }
    const edited = withRows(
      lines.map((l) =>
        l.t === 'news_articles' && (l.r as Line).id === id ? { ...l, r: { ...article, content: hostile } } : l,
      ),
      'revisions',
      [revision],
    )
    const restored = await restoreBackup(cookie, archiveOf(edited), true)
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)

    const publicAnswer = (await send('GET', `/api/news/${id}`)).body as { content: string }
    expect(publicAnswer.content).toContain('Safe words.')
    expect(publicAnswer.content).not.toMatch(unsafe)
    const adminList = (await send('GET', '/api/admin/news?limit=500', { cookie })).body as {
      id: number
      content: string
    }[]
    expect(adminList.find((a) => a.id === id)!.content).not.toMatch(unsafe)
    expect((await send('GET', `/api/admin/news/${id}`, { cookie })).body.content).not.toMatch(unsafe)

    // The version restored from History, and one that reached the database unsanitized before
    // this was fixed: each comes back sanitized.
    expect((await send('POST', '/api/admin/revisions/9001/restore', { cookie })).status).toBe(200)
    expect((await send('GET', `/api/news/${id}`)).body.content).not.toMatch(unsafe)
    const [older] = await db()
      .insert(revisions)
      .values({
        entity: 'news',
        entityId: id,
        action: 'update',
        snapshot: { ...version, title: 'Older' },
        changedFields: ['title'],
      })
      .returning({ id: revisions.id })
    expect((await send('POST', `/api/admin/revisions/${older!.id}/restore`, { cookie })).status).toBe(200)
    const afterHistory = (await send('GET', `/api/news/${id}`)).body as { title: string; content: string }
    expect(afterHistory.title).toBe('Older')
    expect(afterHistory.content).toContain('Safe words.')
    expect(afterHistory.content).not.toMatch(unsafe)
  })
})
