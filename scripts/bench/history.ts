/**
 * `npm run bench:history`: the History of a long article (issue 31, docs/decisions/0625). A 200 KB
 * article gets 50 versions through the news repository (copy edits of the whole text, one sentence,
 * markup alone, in turn), in a scratch embedded database; then, through the app in-process:
 *   - the list of versions (GET /api/admin/revisions/news/{id}): time and size;
 *   - each version's changes (GET /api/admin/revisions/{id}/changes): time and size, slowest and median;
 *   - a version's preview (GET /api/admin/revisions/{id});
 *   - GET /api/games alone, and started beside the list and beside the slowest changes: how long
 *     a visitor's request waits while the History is read.
 * Prints figures; asserts nothing. Options: --kb=200 (article size), --versions=50.
 */
import { assertScratchDatabase, markScratchDatabase, startScratchServer } from '@simracing/local-platform'

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback)
const KB = arg('kb', 200)
const VERSIONS = arg('versions', 50)

const server = await startScratchServer('bench-history-')
const url = server.url
const mark = await markScratchDatabase(url)
// Imported after DATABASE_URL names the scratch server (the env module reads it once).
process.env.DATABASE_URL = url
const { runMigrations } = await import('../../src/server/db/migrate.ts')
const { db, closeDb, rawSql } = await import('../../src/server/db/client.ts')
const { newsArticles } = await import('../../src/server/db/schema.ts')
const { updateNews } = await import('../../src/server/repos/news.repo.ts')
const { createSession } = await import('../../src/server/auth/sessions.ts')
const { SESSION_COOKIE } = await import('../../src/server/auth/cookie.ts')
const { buildNews, buildGame } = await import('../../src/server/demo/factories.ts')
const { games } = await import('../../src/server/db/schema.ts')
const { longArticle, copyEdited, oneSentenceEdited, markupEdited } = await import('../../test-support/long-article.ts')
const { beside } = await import('../../test-support/visitors.ts')
const { createApp } = await import('../../src/server/app.ts')
const { platformFromEnv } = await import('../../src/server/platform-from-env.ts')

interface Timed {
  status: number
  ms: number
  bytes: number
  body: string
}

const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`
const kib = (n: number) => `${(n / 1024).toFixed(1).padStart(8)} KiB`
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

try {
  await assertScratchDatabase(rawSql(), mark)
  await runMigrations(url)
  await db()
    .insert(games)
    .values(Array.from({ length: 20 }, () => buildGame()))
  let content = longArticle(KB * 1000)
  const [article] = await db()
    .insert(newsArticles)
    .values(buildNews({ title: 'A long race report', content }))
    .returning({ id: newsArticles.id })
  const id = article!.id
  const t = performance.now()
  for (let v = 1; v <= VERSIONS; v++) {
    content =
      v % 3 === 1 ? copyEdited(content, 10, v) : v % 3 === 2 ? oneSentenceEdited(content, v) : markupEdited(content)
    await updateNews(id, { content })
  }
  console.log(
    `a ${(content.length / 1000).toFixed(0)} KB article, ${VERSIONS} versions written in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  )

  const app = createApp(platformFromEnv())
  const cookie = `${SESSION_COOKIE}=${(await createSession('bench')).id}`
  const request = async (p: string): Promise<Timed> => {
    const started = performance.now()
    const res = await app.request(p, { headers: { cookie } })
    const body = await res.text()
    return { status: res.status, ms: performance.now() - started, bytes: Buffer.byteLength(body), body }
  }
  /** The request, and a visitor's GET /api/games due every 50 ms while it runs. */
  const besideIt = async (p: string) => {
    const b = await beside(
      () => request(p),
      () => request('/api/games'),
    )
    return { main: b.result, visitors: b.visitors, worst: b.worstWaitMs }
  }
  const visitorLine = (b: { visitors: number; worst: number }) =>
    `  GET /api/games beside it (${String(b.visitors).padStart(3)} due)         worst ${ms(b.worst)}`

  const alone: number[] = []
  for (let i = 0; i < 20; i++) alone.push((await request('/api/games')).ms)
  console.log(`\nGET /api/games alone (median of 20)            ${ms(median(alone))}`)

  const list = await besideIt(`/api/admin/revisions/news/${id}`)
  console.log(`GET /api/admin/revisions/news/{id} (the list)  ${ms(list.main.ms)} ${kib(list.main.bytes)}`)
  console.log(visitorLine(list))
  const versions = JSON.parse(list.main.body) as { id: number }[]

  const changes: (Timed & { revisionId: number })[] = []
  for (const v of versions)
    changes.push({ ...(await request(`/api/admin/revisions/${v.id}/changes`)), revisionId: v.id })
  if (changes.every((c) => c.status === 404 || c.status === 400)) console.log('changes of one version: no such route')
  else {
    const slowest = changes.reduce((a, b) => (b.ms > a.ms ? b : a))
    const outcomes = changes.map((c) => JSON.parse(c.body) as { changes: { compared?: boolean; cut?: boolean }[] })
    const notCompared = outcomes.filter((o) => o.changes.some((c) => c.compared === false)).length
    const cut = outcomes.filter((o) => o.changes.some((c) => c.cut)).length
    console.log(
      `GET /api/admin/revisions/{id}/changes           median ${ms(median(changes.map((c) => c.ms)))}, slowest ${ms(slowest.ms)}; largest ${kib(Math.max(...changes.map((c) => c.bytes)))}`,
    )
    console.log(`  ${notCompared} of ${changes.length} too long or too different to compare in time, ${cut} cut`)
    const again = await besideIt(`/api/admin/revisions/${slowest.revisionId}/changes`)
    console.log(`  the slowest again                             ${ms(again.main.ms)}`)
    console.log(visitorLine(again))
  }

  const preview = await besideIt(`/api/admin/revisions/${versions[0]!.id}`)
  console.log(`GET /api/admin/revisions/{id} (the preview)    ${ms(preview.main.ms)} ${kib(preview.main.bytes)}`)
  console.log(visitorLine(preview))
} finally {
  await closeDb()
  await server.remove()
}
