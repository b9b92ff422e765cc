/**
 * `npm run bench:data`: 10,000 news articles in a scratch embedded database, then
 *   - p50/p95 latency and response size of GET /api/news (whole list, a page, a search) and
 *     GET /api/news/{id}, through the app in-process;
 *   - the Astro build time at that size, and the size of the /news and / pages;
 *   - the same searches through the site as `npm start` serves it (the local runtime over HTTP,
 *     on the build just made).
 *   - the import of a 2-hour, 60-car ACC race file and GET /api/lap-times with 100,000 laps
 *     (scripts/bench/race-results.ts);
 *   - with `--only-backup` (alone): a backup's export and restore at 1,000,000 laps, their time and
 *     peak memory (scripts/bench/backup.ts; `--laps=N`, `--engine=pg15`).
 * Prints figures; asserts nothing. Never touches .data/. `--no-build` skips the build and the
 * served site; `--only-results` measures the race results alone; `--lap-records=N` stores N laps for the lap records (100,000).
 */
import { statSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import {
  assertScratchDatabase,
  freePort,
  markScratchDatabase,
  SiteRoot,
  startLocalRuntime,
  startScratchServer,
} from '@simracing/local-platform'

if (process.argv.includes('--only-backup')) {
  const { benchBackup } = await import('./backup.ts')
  await benchBackup()
  process.exit(0)
}

const ARTICLES = Number(process.argv.find((a) => a.startsWith('--articles='))?.slice(11) ?? 10_000)
const onlyResults = process.argv.includes('--only-results')
const skipBuild = process.argv.includes('--no-build') || onlyResults

const server = await startScratchServer('bench-data-')
const url = server.url
const mark = await markScratchDatabase(url)
// The app under measure uses the process's own database, which the environment names: it must be
// this scratch server. Imported after DATABASE_URL is set (the env module reads it once), and
// checked below through that very connection before anything is written.
process.env.DATABASE_URL = url
const { runMigrations } = await import('../../src/server/db/migrate.ts')
const { db, closeDb, rawSql } = await import('../../src/server/db/client.ts')
const { newsArticles } = await import('../../src/server/db/schema.ts')
const { buildNews } = await import('../../src/server/demo/factories.ts')
const { seedDemoContent } = await import('../../src/server/demo/seed.ts')
const { createApp } = await import('../../src/server/app.ts')
const { platformFromEnv } = await import('../../src/server/platform-from-env.ts')

const words = 'grid apex stint overtake podium pit chicane slipstream tyre downforce qualifying safety car'.split(' ')
const paragraph = (i: number) =>
  `<p>${Array.from({ length: 60 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ')}.</p>`

try {
  await assertScratchDatabase(rawSql(), mark)
  await runMigrations(url)
  await seedDemoContent()
  let t = Date.now()
  for (let start = 0; start < (onlyResults ? 0 : ARTICLES); start += 500) {
    const batch = Array.from({ length: Math.min(500, ARTICLES - start) }, (_, k) => {
      const i = start + k
      return buildNews({
        title: `Bench article ${i}: ${words[i % words.length]} battle at round ${i % 24}`,
        category: ['F1 News', 'Esports', 'Motorsport', 'Breaking', 'Hardware'][i % 5]!,
        // The last paragraph's words are in the text alone (the excerpt is the first 150 characters).
        content: `<h2>Report ${i}</h2>${paragraph(i)}${paragraph(i + 1)}${paragraph(i + 2)}<p>Full classification to follow.</p>`,
        displayOrder: 100 + i,
        timestamp: new Date(Date.now() - i * 60_000),
      })
    })
    await db().insert(newsArticles).values(batch)
  }
  if (!onlyResults) console.log(`seeded ${ARTICLES} articles in ${((Date.now() - t) / 1000).toFixed(1)} s`)
  if (process.argv.includes('--analyze')) await db().execute(sql`analyze`)

  const app = createApp(platformFromEnv())
  const ids = (await db().select({ id: newsArticles.id }).from(newsArticles)).map((r) => r.id)

  // Each request from a visitor of its own: searches are limited per address (decision 0704), and
  // these are many visitors searching, not one sending hundreds of searches a minute.
  const visitor = (i: number) => `127.${1 + ((i >> 16) % 250)}.${(i >> 8) % 256}.${1 + (i % 250)}`
  let visits = 0
  let request = (p: string) =>
    Promise.resolve(app.request(p, undefined, { context: { ip: visitor(++visits) } })).then(async (res) => ({
      status: res.status,
      body: await res.arrayBuffer(),
    }))
  async function measure(label: string, paths: () => string, runs: number) {
    const times: number[] = []
    let bytes = 0
    for (let i = 0; i < runs; i++) {
      const p = paths()
      const started = performance.now()
      const res = await request(p)
      times.push(performance.now() - started)
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`)
      bytes = res.body.byteLength
    }
    times.sort((a, b) => a - b)
    const pct = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1)
    console.log(
      `${label.padEnd(44)} p50 ${pct(0.5).padStart(8)} ms   p95 ${pct(0.95).padStart(8)} ms   size ${(bytes / 1024).toFixed(1).padStart(9)} KiB   (${runs} runs)`,
    )
  }

  if (!onlyResults) {
    console.log(`\nAPI through the app (in-process), ${ids.length} articles:`)
    await measure('GET /api/news (all)', () => '/api/news', 10)
    // What the /news island asks: a page of cards (first answer), then searches as the visitor types.
    await measure('GET /api/news?limit=24 (first page)', () => '/api/news?limit=24', 100)
    await measure('GET /api/news?limit=24&offset=9000', () => '/api/news?limit=24&offset=9000', 50)
    await measure('GET /api/news/categories', () => '/api/news/categories', 100)
    // Three kinds of search: one article, about 400 (1 in 24), and every article (the word is in all bodies).
    await searches()
    await measure('GET /api/news/{id}', () => `/api/news/${ids[Math.floor(Math.random() * ids.length)]}`, 200)
  }

  // Race results: a 2-hour ACC race imported, then the lap records over 100,000 laps.
  const { benchRaceResults } = await import('./race-results.ts')
  await benchRaceResults(measure)

  /** Three kinds of search: one article, about 400 (1 in 24), and every article (the word is in all bodies). */
  async function searches() {
    await measure('search, 1 match (article 4242)', () => '/api/news?search=article%204242&limit=24', 100)
    await measure('search, ~400 matches (round 7)', () => '/api/news?search=battle%20at%20round%207&limit=24', 100)
    await measure('search, every article (chicane)', () => '/api/news?search=chicane&limit=24', 50)
    // The relevance order's other shapes (decision 0872): a word in every excerpt and no title, and
    // the island's later pages of the every-article search.
    await measure('search, every excerpt, no title (report)', () => '/api/news?search=report&limit=24', 50)
    await measure('search, every text alone (classification)', () => '/api/news?search=classification&limit=24', 50)
    await measure('search, every article, 3rd page (chicane)', () => '/api/news?search=chicane&limit=24&offset=48', 50)
    await measure(
      'search + category (chicane, Esports)',
      () => '/api/news?search=chicane&category=Esports&limit=24',
      50,
    )
    await measure('search, no match (zzzq)', () => '/api/news?search=zzzq&limit=24', 100)
    // The searches above are in relevance order (decision 0872); the other order, and what a search
    // that finds nothing is offered ('Did you mean', the articles with all its words).
    await measure('search, every article, newest first', () => '/api/news?search=chicane&order=newest&limit=24', 50)
    await measure('search help, a typo (chicnae)', () => '/api/news/search-help?search=chicnae', 50)
    await measure('search help, words apart (round 7 apex)', () => '/api/news/search-help?search=round%207%20apex', 50)
  }

  if (!skipBuild) {
    const site = new SiteRoot(server.dir)
    site.writeNetlifyConfig()
    t = Date.now()
    await site.buildAndSwap({ DATABASE_URL: url })
    console.log(`\nAstro build with ${ids.length} articles: ${((Date.now() - t) / 1000).toFixed(1)} s`)
    const kib = (file: string) => (statSync(path.join(site.publishDir, file)).size / 1024).toFixed(1)
    console.log(`HTML: /news ${kib('news/index.html')} KiB, / ${kib('index.html')} KiB`)

    // The same searches through the site as `npm start` serves it: the local runtime, over HTTP.
    const port = await freePort()
    const runtime = await startLocalRuntime({
      siteDir: site.dir,
      functionsDir: path.resolve('netlify/functions'),
      host: '127.0.0.1',
      port,
      siteUrl: `http://localhost:${port}`,
    })
    try {
      // Over HTTP each request leaves from its own address on 127.0.0.0/8 (the socket's address is the visitor's).
      request = (p: string) => getFrom(`${runtime.url}${p}`, visitor(++visits))
      console.log(`\nAPI through the served site (the local runtime of npm start, HTTP), ${ids.length} articles:`)
      await measure('GET /api/news?limit=24 (first page)', () => '/api/news?limit=24', 100)
      await searches()
    } finally {
      await runtime.stop()
    }
  }
} finally {
  await closeDb()
  await server.remove()
}

/** A GET sent from `localAddress`, its status and body. */
function getFrom(url: string, localAddress: string): Promise<{ status: number; body: ArrayBuffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { localAddress, agent: false }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const all = Buffer.concat(chunks)
          resolve({
            status: res.statusCode ?? 0,
            body: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
          })
        })
      })
      .on('error', reject)
  })
}
