import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { startAiHarness, ledger, type AiHarness } from '../../../../tests/helpers/ai.ts'
import { appWith, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { startBlobs, type BlobsHarness } from '../../../../tests/helpers/blobs.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import type { TestPlatform } from '../../../../tests/helpers/platform.ts'
import { withAiOverrides, type AiConfigOverrides } from '../../ai/config.ts'
import { recordAiCall } from '../../repos/ai-calls.repo.ts'
import { listStandings } from '../../repos/standings.repo.ts'
import { readImage } from '../../blobs/images.ts'
import { createNews } from '../../demo/factories.ts'
import { db } from '../../db/client.ts'
import { aiSpendReservations, newsArticles, standingsRows, standingsSets } from '../../db/schema.ts'

let ai: AiHarness
let blobs: BlobsHarness
let platform: TestPlatform
let send: Send
let cookie: string

beforeAll(async () => {
  blobs = await startBlobs()
  ai = await startAiHarness()
  ;({ platform, send } = appWith({ ...ai.platform, blobs: blobs.stores }))
})
afterAll(async () => {
  await ai.close()
  await blobs.close()
})
beforeEach(async () => {
  await resetDatabase()
  ai.fake.reset()
  ai.waits.length = 0
  cookie = await adminCookie()
})

const post = (path: string, body: unknown = {}, via: Send = send) => via('POST', `/api/admin/${path}`, { cookie, body })
const generateStandings = (championshipName = 'Formula 1', via?: Send) =>
  post('generate-championship-standings', { championshipName, numberOfDrivers: 10 }, via)
/** Requests to an app whose AI settings differ from the harness's (a budget, a timeout, no keys). */
const aiApp = (overrides: AiConfigOverrides): Send =>
  appWith({ ...ai.platform, blobs: blobs.stores, ai: withAiOverrides(ai.platform.ai, overrides) }).send
const articles = () => db().select().from(newsArticles)

/** Standings whose points rise from P1 to P2: valid JSON, wrong content. */
const risingPoints = {
  kind: 'answer' as const,
  text: JSON.stringify({
    season: '2025',
    completedRounds: 1,
    totalRounds: 2,
    standings: Array.from({ length: 10 }, (_, i) => ({
      position: i + 1,
      driverName: `D${i}`,
      team: 'T',
      points: i * 10,
    })),
  }),
  sources: ['https://www.example.com/a', 'https://www.example.com/b'],
}

describe('generate-championship-standings', () => {
  it('asks Perplexity with web search, a recency filter and a JSON schema, stores 10 validated rows and logs the cost', async () => {
    const res = await generateStandings()
    expect(res.status).toBe(200)
    expect(res.body.championship).toBe('Formula 1')
    expect(res.body.standings.standings).toHaveLength(10)
    expect(res.body.standings.standings.map((r: { position: number }) => r.position)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ])

    const request = ai.fake.requests[0]!
    expect(request.endpoint).toBe('responses')
    expect(request.authorization).toBe('Bearer test-perplexity-key')
    expect(request.body.tools).toEqual([{ type: 'web_search', filters: { search_recency_filter: 'week' } }])
    expect(request.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'championship_standings' },
    })

    const [call] = await ledger()
    expect(call).toMatchObject({
      service: 'perplexity',
      feature: 'standings',
      model: 'perplexity/sonar',
      inputTokens: 1200,
      outputTokens: 600,
      ok: true,
      outcome: 'ok',
      costSource: 'provider',
    })
    expect(Number(call!.cost)).toBeCloseTo(0.0068, 6)

    // A second generation replaces the table instead of adding a second one.
    await generateStandings('formula 1')
    const sets = await listStandings()
    expect(sets).toHaveLength(1)
    expect(sets[0]!.standings).toHaveLength(10)
  })

  it("refuses a blank name with the spec's message and calls nothing", async () => {
    const res = await post('generate-championship-standings', { championshipName: '  ' })
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Please enter a championship name to generate standings' },
    })
    expect(ai.fake.requests).toHaveLength(0)
  })

  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    ai.fake.queue('responses', { kind: 'status', status: 429, retryAfter: '2' })
    const res = await generateStandings()
    expect(res.status).toBe(200)
    expect(ai.waits).toEqual([2000])
    expect((await ledger()).map((c) => [c.outcome, c.httpStatus])).toEqual([
      ['rate_limited', 429],
      ['ok', 200],
    ])
  })

  it('gives up at once when Retry-After is too long, with a clear message and nothing stored', async () => {
    ai.fake.queue('responses', { kind: 'status', status: 429, retryAfter: '120', message: 'Too many requests' })
    const res = await generateStandings()
    expect(res.status).toBe(429)
    expect(res.body.message).toBe(
      'Perplexity is rate-limiting requests: rate limit reached (Too many requests). Please try again later.',
    )
    expect(ai.fake.requests).toHaveLength(1)
    expect(await listStandings()).toEqual([])
  })

  it('retries a 500 a bounded number of times, then answers 502 and stores nothing', async () => {
    ai.fake.queue(
      'responses',
      ...Array.from({ length: 5 }, () => ({ kind: 'status' as const, status: 500, message: 'upstream exploded' })),
    )
    const res = await generateStandings()
    expect(res.status).toBe(502)
    expect(res.body.message).toBe('Perplexity failed (HTTP 500: upstream exploded). Please try again.')
    expect(ai.fake.requests).toHaveLength(3)
    expect(ai.waits).toEqual([1000, 2000])
    expect((await ledger()).map((c) => c.outcome)).toEqual(['server_error', 'server_error', 'server_error'])
    expect(await listStandings()).toEqual([])
  })

  it('abandons an attempt that does not answer in time and says so', async () => {
    ai.fake.queue('responses', { kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' })
    const res = await generateStandings()
    expect(res.status).toBe(502)
    expect(res.body.message).toMatch(/^Perplexity did not answer in time \(no answer within 1\.5 s\)/)
    expect((await ledger()).map((c) => c.outcome)).toEqual(['timeout', 'timeout', 'timeout'])
    expect(await listStandings()).toEqual([])
  })

  it('asks again once after a malformed body, and refuses after a second one', async () => {
    ai.fake.queue('responses', { kind: 'malformed' })
    expect((await generateStandings()).status).toBe(200)

    await resetDatabase()
    cookie = await adminCookie()
    ai.fake.queue('responses', { kind: 'malformed' }, { kind: 'malformed' })
    const res = await generateStandings()
    expect(res.status).toBe(502)
    // In words, never the parser's own message.
    expect(res.body.message).toBe(
      'The AI service (Perplexity) answered in a form we could not read (not valid JSON); nothing was saved. Please try again.',
    )
    expect(ai.fake.requests).toHaveLength(4)
    expect(await listStandings()).toEqual([])
  })

  it('says in words which field an answer lacked, never the schema validator', async () => {
    const noTitle = {
      kind: 'answer' as const,
      text: JSON.stringify({ content: '<p>Text</p>', sources: [] }),
      sources: ['https://www.example.com/a', 'https://www.example.com/b'],
    }
    ai.fake.queue('responses', noTitle, noTitle)
    const res = await post('generate-championship-news', { championshipName: 'MotoGP' })
    expect(res.status).toBe(502)
    expect(res.body.message).toBe(
      'The AI service (Perplexity) answered without what we asked for (the title is missing); nothing was saved. Please try again.',
    )
    expect(await articles()).toEqual([])
  })

  it('refuses standings whose points rise, after one more try; the refused answers are still costed', async () => {
    ai.fake.queue('responses', risingPoints, risingPoints)
    const res = await generateStandings()
    expect(res.status).toBe(502)
    expect(res.body.message).toContain('position 2 has more points (10) than position 1 (0)')
    const calls = await ledger()
    expect(calls.map((c) => c.outcome)).toEqual(['invalid_output', 'invalid_output'])
    expect(calls.every((c) => Number(c.cost) > 0)).toBe(true)
    expect(await listStandings()).toEqual([])

    ai.fake.queue('responses', risingPoints)
    expect((await generateStandings()).status).toBe(200)
  })
})

describe('AI news: drafts with sources', () => {
  it('saves the prompts first, writes a sanitized draft with its sources that the public never sees until published', async () => {
    const res = await post('generate-championship-news', {
      championshipName: 'Formula 1',
      contentPrompt: 'Write like a veteran reporter.',
      focusPrompt: 'The title fight',
      contentType: 'e-sports',
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ status: 'draft', aiGenerated: true, contentType: 'e-sports', category: 'Esports' })
    expect(res.body.title).toMatch(/^Formula 1: /)
    expect(res.body.sources).toHaveLength(2)
    expect(res.body.sourceUrl).toBe(res.body.sources[0])
    const request = ai.fake.requests[0]!.body
    expect(String(request.instructions)).toContain('about 350 words')
    expect(String(request.instructions)).toContain('Write like a veteran reporter.')
    expect(String(request.input)).toContain('Focus: The title fight')
    expect((await send('GET', '/api/admin/ai-settings', { cookie })).body).toMatchObject({
      contentPrompt: 'Write like a veteran reporter.',
      focusPrompt: 'The title fight',
    })

    const id = res.body.id as number
    expect((await send('GET', '/api/news')).body.map((a: { id: number }) => a.id)).not.toContain(id)
    expect((await send('GET', `/api/news/${id}`)).status).toBe(404)
    expect((await send('GET', `/api/admin/news/${id}`)).status).toBe(401)
    expect((await send('GET', `/api/admin/news/${id}`, { cookie })).body.status).toBe('draft')
    expect((await send('GET', '/api/admin/news', { cookie })).body.map((a: { id: number }) => a.id)).toContain(id)

    const published = await post(`news/${id}/publish`)
    expect(published).toMatchObject({ status: 200, body: { status: 'published' } })
    expect((await send('GET', `/api/news/${id}`)).body.sources).toHaveLength(2)
  })

  it('uses the motorsport preset of 400 words', async () => {
    await post('generate-championship-news', { championshipName: 'IndyCar' })
    expect(String(ai.fake.requests[0]!.body.instructions)).toContain('about 400 words')
  })

  it('strips scripts and handlers from the generated HTML', async () => {
    const text = JSON.stringify({
      title: 'WEC: <b>Le Mans</b> preview',
      content: `<p onclick="steal()">Hello</p><script>alert(1)</script>${'<p>word word word word word word word word word word</p>'.repeat(30)}`,
    })
    ai.fake.queue('responses', {
      kind: 'answer',
      text,
      sources: ['https://www.example.com/1', 'https://www.example.com/2'],
    })
    const res = await post('generate-championship-news', { championshipName: 'WEC' })
    expect(res.status).toBe(201)
    expect(res.body.title).toBe('WEC: Le Mans preview')
    expect(res.body.content).not.toMatch(/script|onclick/)
  })

  it('refuses an article with fewer than 2 sources, after one more try, and writes nothing', async () => {
    const oneSource = {
      kind: 'answer' as const,
      text: JSON.stringify({ title: 'F1: x', content: '<p>word</p>'.repeat(400) }),
      sources: ['https://www.example.com/only'],
    }
    ai.fake.queue('responses', oneSource, oneSource)
    const res = await post('generate-championship-news', { championshipName: 'Formula 1' })
    expect(res.status).toBe(502)
    expect(res.body.message).toContain('at least 2 are required')
    expect(await articles()).toEqual([])
  })

  it('formats plain text into sanitized HTML through OpenAI with a JSON schema', async () => {
    const res = await post('format-news-content', { content: 'Race day\n\nThe race was long. It rained.' })
    expect(res).toMatchObject({
      status: 200,
      body: { formattedContent: '<h2>Race day</h2>\n<p>The race was long. It rained.</p>' },
    })
    expect(ai.fake.requests[0]!.body.response_format).toMatchObject({ type: 'json_schema' })

    ai.fake.queue('chat', {
      kind: 'json',
      body: {
        choices: [
          {
            message: {
              content: JSON.stringify({ html: '<p>The race was long.</p><script>x()</script><p>It rained.</p>' }),
            },
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 10 },
      },
    })
    const cleaned = await post('format-news-content', { content: 'The race was long. It rained.' })
    expect(cleaned.body.formattedContent).toBe('<p>The race was long.</p><p>It rained.</p>')
    const calls = await ledger()
    expect(calls.every((c) => c.service === 'openai' && c.feature === 'format' && c.costSource === 'price_table')).toBe(
      true,
    )
    expect(Number(calls[0]!.cost)).toBeGreaterThan(0)
  })

  it('generates an article image from the championship in the title, stored in Blobs under our URL', async () => {
    const article = await createNews({ title: 'Formula 1 2025: Abu Dhabi decider' })
    const res = await post(`generate-news-image/${article.id}`, {})
    expect(res.status).toBe(200)
    expect(res.body.imageUrl).toMatch(/^\/media\/[a-f0-9]{64}\.png$/)
    expect(await readImage(blobs.stores, res.body.imageUrl.slice('/media/'.length))).toBeDefined()
    const prompt = String(ai.fake.requests[0]!.body.prompt)
    expect(prompt).toContain('about the Formula 1:')
    expect(prompt).not.toContain('2025')
    expect(ai.fake.requests[0]!.body).not.toHaveProperty('response_format')
    const [call] = await ledger()
    expect(call).toMatchObject({
      service: 'openai',
      feature: 'image',
      model: 'gpt-image-1.5',
      costSource: 'price_table',
    })
    expect(Number(call!.cost)).toBeCloseTo((50 * 5 + 4160 * 40) / 1_000_000, 6)
  })

  it('refuses image answers that are not images', async () => {
    const article = await createNews()
    const notImage = {
      kind: 'json' as const,
      body: { data: [{ b64_json: Buffer.from('<svg></svg>').toString('base64') }] },
    }
    ai.fake.queue('images', notImage, notImage)
    const res = await post(`generate-news-image/${article.id}`, { championshipName: 'MotoGP' })
    expect(res.status).toBe(502)
    expect(res.body.message).toMatch(/^The AI service \(OpenAI\) answered, but the answer failed our checks/)
  })
})

/**
 * Every AI endpoint meets the provider's failures the same way (one wrapper, decision 0401):
 * a 429 is waited out, a 500 is retried a bounded number of times, a silent provider times out,
 * a malformed body is asked once more; a refusal stores nothing and every attempt is in the ledger.
 */
describe('every AI endpoint through the provider failures', () => {
  type Case = {
    name: string
    endpoint: 'responses' | 'images' | 'chat'
    service: string
    call: (via?: Send) => Promise<{ status: number; body: { message?: string } }>
    /** The status of a success. */
    ok: number
    setup?: () => Promise<unknown>
    /** What the endpoint would have written: unchanged after a refusal. */
    written: () => Promise<unknown>
  }
  const cases: Case[] = [
    {
      name: 'generate-championship-standings',
      endpoint: 'responses',
      service: 'Perplexity',
      call: (via?: Send) => generateStandings(undefined, via),
      ok: 200,
      written: () => listStandings(),
    },
    {
      name: 'generate-championship-news',
      endpoint: 'responses',
      service: 'Perplexity',
      call: (via?: Send) => post('generate-championship-news', { championshipName: 'MotoGP' }, via),
      ok: 201,
      written: () => articles(),
    },
    {
      name: 'format-news-content',
      endpoint: 'chat',
      service: 'OpenAI',
      call: (via?: Send) => post('format-news-content', { content: 'Race day\n\nIt rained.' }, via),
      ok: 200,
      written: async () => null,
    },
    {
      name: 'generate-news-image',
      endpoint: 'images',
      service: 'OpenAI',
      setup: () => createNews({ title: 'WEC: Spa' }),
      call: async (via?: Send) => post(`generate-news-image/${(await articles())[0]!.id}`, {}, via),
      ok: 200,
      written: async () => (await articles()).map((a) => a.imageUrl),
    },
  ]

  it.each(cases)('$name: waits out a 429, then succeeds', async (c) => {
    await c.setup?.()
    ai.fake.queue(c.endpoint, { kind: 'status', status: 429, retryAfter: '1' })
    expect((await c.call()).status).toBe(c.ok)
    expect(ai.waits).toEqual([1000])
    expect((await ledger()).map((l) => l.outcome)).toEqual(['rate_limited', 'ok'])
  })

  it.each(cases)('$name: a lasting 500 is retried 3 times, then 502 and nothing written', async (c) => {
    await c.setup?.()
    const before = await c.written()
    ai.fake.queue(c.endpoint, ...Array.from({ length: 5 }, () => ({ kind: 'status' as const, status: 500 })))
    const res = await c.call()
    expect(res.status).toBe(502)
    expect(res.body.message).toContain(`${c.service} failed (HTTP 500`)
    expect(ai.fake.requests).toHaveLength(3)
    expect(await c.written()).toEqual(before)
    expect((await ledger()).map((l) => l.outcome)).toEqual(['server_error', 'server_error', 'server_error'])
  })

  it.each(cases.filter((c) => c.endpoint !== 'responses'))(
    '$name: a provider that does not answer times out with a clear message',
    async (c) => {
      await c.setup?.()
      // Nothing ever answers here, so a short attempt time proves the same thing sooner.
      const via = aiApp({ timeoutMs: 300 })
      ai.fake.queue(c.endpoint, { kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' })
      const res = await c.call(via)
      expect(res.status).toBe(502)
      expect(res.body.message).toMatch(new RegExp(`^${c.service} did not answer in time`))
      expect((await ledger()).map((l) => l.outcome)).toEqual(['timeout', 'timeout', 'timeout'])
    },
  )

  it.each(cases)('$name: two malformed bodies are refused and nothing is written', async (c) => {
    await c.setup?.()
    const before = await c.written()
    ai.fake.queue(c.endpoint, { kind: 'malformed' }, { kind: 'malformed' })
    const res = await c.call()
    expect(res.status).toBe(502)
    expect(res.body.message).toContain(c.service)
    expect(await c.written()).toEqual(before)
    expect(await ledger()).toHaveLength(2)
  })
})

describe('bulk news and refresh-all run as jobs', () => {
  it('a bulk job of 6 championships with one failing reports 5 results and 1 error', async () => {
    ai.fake.when('MotoGP', { kind: 'status', status: 500, message: 'MotoGP is down' })
    const championships = ['Formula 1', 'MotoGP', 'NASCAR', 'IndyCar', 'WRC', 'Formula E']
    const res = await post('generate-bulk-championship-news', { championships, contentType: 'motorsport' })
    expect(res.status).toBe(202)
    expect(res.body.job).toMatchObject({ isActive: true, completed: 0, total: 6 })
    await ai.jobsSettled()

    const job = (await send('GET', `/api/admin/jobs/${res.body.job.id}`, { cookie })).body
    expect(job).toMatchObject({ status: 'completed', isActive: false, completed: 6, total: 6, currentTask: '' })
    expect(job.results).toHaveLength(5)
    expect(job.errors).toEqual(['MotoGP: Perplexity failed (HTTP 500: MotoGP is down). Please try again.'])
    const stored = await articles()
    expect(stored).toHaveLength(5)
    expect(stored.every((a) => a.status === 'draft' && a.sources.length >= 2)).toBe(true)
    // Every call is in the ledger: 5 successes and the 3 bounded attempts for MotoGP.
    const calls = await ledger()
    expect(calls.filter((c) => c.ok)).toHaveLength(5)
    expect(calls.filter((c) => !c.ok)).toHaveLength(3)
    expect(calls.every((c) => c.feature === 'bulk-news')).toBe(true)
  })

  it('refresh-all-standings refreshes every stored championship, reports how many and what it changed in each', async () => {
    await generateStandings('Formula 1')
    await generateStandings('MotoGP')
    // Formula 1's table is last year's with another leader: the AI's answer replaces both.
    const [f1] = (await listStandings()).filter((s) => s.championshipName === 'Formula 1')
    await db().update(standingsSets).set({ season: '2024' }).where(eq(standingsSets.id, f1!.id))
    await db()
      .update(standingsRows)
      .set({ driverName: 'Someone Else' })
      .where(and(eq(standingsRows.setId, f1!.id), eq(standingsRows.rowIndex, 0)))
    const res = await post('refresh-all-standings')
    expect(res.status).toBe(202)
    await ai.jobsSettled()
    const job = (await send('GET', `/api/admin/jobs/${res.body.job.id}`, { cookie })).body
    expect(job).toMatchObject({ status: 'completed', updated: 2, errors: [] })
    // What it changed in each table (issue 36), shown after the run beside each table's History.
    const rows = f1!.standings.length
    expect(job.results).toEqual([
      {
        kind: 'standings',
        championship: 'Formula 1',
        id: f1!.id,
        title: 'Formula 1',
        source: 'ai',
        table: { seasonBefore: '2024', seasonAfter: '2025', rowsBefore: rows, rowsAfter: rows, rowsChanged: 1 },
      },
      expect.objectContaining({
        championship: 'MotoGP',
        table: expect.objectContaining({ seasonBefore: '2025', seasonAfter: '2025', rowsChanged: 0 }),
      }),
    ])
    const [version] = (await send('GET', `/api/admin/revisions/standings/${f1!.id}`, { cookie })).body
    expect(version).toMatchObject({ actor: 'ai', restorable: true })
  })

  it('refresh-all-news writes a draft per scheduler championship', async () => {
    const res = await post('refresh-all-news')
    await ai.jobsSettled()
    const job = (await send('GET', `/api/admin/jobs/${res.body.job.id}`, { cookie })).body
    expect(job).toMatchObject({ refreshedCount: 2, errors: [] })
    expect((await articles()).map((a) => a.title).sort()).toEqual([
      'Formula 1: Title fight tightens after a dramatic weekend',
      'IndyCar Series: Title fight tightens after a dramatic weekend',
    ])
  })

  it('a job killed midway is resumed without redoing finished articles', async () => {
    const { createJob, claimJob, recordTaskOutcome } = await import('../../repos/jobs.repo.ts')
    const { generateChampionshipNews } = await import('../../ai/news.ts')
    const job = await createJob('bulk-news', {
      tasks: ['Formula 1', 'WRC', 'WEC'].map((championship) => ({ kind: 'news' as const, championship })),
      feature: 'bulk-news',
    })
    // The runner wrote the first article, recorded it, then died (its row stopped moving 10 minutes ago).
    await claimJob(job.id, new Date(Date.now() - 10 * 60_000))
    const first = await generateChampionshipNews(platform, {
      championshipName: 'Formula 1',
      contentType: 'motorsport',
    })
    await recordTaskOutcome(job.id, {
      index: 0,
      kind: 'news',
      championship: 'Formula 1',
      ok: true,
      id: first.article.id,
    })
    await db().execute(`update jobs set updated_at = now() - interval '10 minutes' where id = ${job.id}`)

    const resumed = await post(`jobs/${job.id}/resume`)
    expect(resumed.status).toBe(202)
    await ai.jobsSettled()
    const done = (await send('GET', `/api/admin/jobs/${job.id}`, { cookie })).body
    expect(done).toMatchObject({ status: 'completed', completed: 3, total: 3 })
    expect((await articles()).map((a) => a.title.split(':')[0]).sort()).toEqual(['Formula 1', 'WEC', 'WRC'])
    expect((await post(`jobs/${job.id}/resume`)).status).toBe(409)
  })
})

describe('without keys, budget', () => {
  it('every AI endpoint answers 503 naming the variable, and nothing is called or stored', async () => {
    const via = aiApp({ openai: { apiKey: undefined }, perplexity: { apiKey: undefined } })
    const article = await createNews()
    const calls: [string, unknown, string][] = [
      ['generate-championship-standings', { championshipName: 'F1' }, 'PERPLEXITY_API_KEY'],
      ['generate-championship-news', { championshipName: 'F1' }, 'PERPLEXITY_API_KEY'],
      ['generate-bulk-championship-news', { championships: ['F1'] }, 'PERPLEXITY_API_KEY'],
      ['refresh-all-news', {}, 'PERPLEXITY_API_KEY'],
      ['refresh-all-standings', {}, 'PERPLEXITY_API_KEY'],
      ['perplexity/test-news', { championship: 'Formula 1' }, 'PERPLEXITY_API_KEY'],
      ['format-news-content', { content: 'Plain text.' }, 'OPENAI_API_KEY'],
      [`generate-news-image/${article.id}`, {}, 'OPENAI_API_KEY'],
      ['openai/test-image', { prompt: 'a car' }, 'OPENAI_API_KEY'],
      ['scheduler/test-now', {}, 'PERPLEXITY_API_KEY'],
    ]
    for (const [path, body, variable] of calls) {
      const res = await post(path, body, via)
      expect(res.status, path).toBe(503)
      expect(res.body.message, path).toContain(`set ${variable}`)
    }
    expect(ai.fake.requests).toHaveLength(0)
    expect(await ledger()).toEqual([])
    const report = (await via('GET', '/api/admin/perplexity/diagnostic', { cookie })).body
    expect(report.overallStatus).toBe('error')
    expect(report.services[0].message).toBe('Not configured: set PERPLEXITY_API_KEY.')
  })

  it('stops new calls with a clear message once the monthly budget is spent', async () => {
    const via = aiApp({ monthlyBudgetUsd: 0.01 })
    await recordAiCall({
      service: 'perplexity',
      feature: 'news',
      model: 'perplexity/sonar',
      inputTokens: 1,
      outputTokens: 1,
      cost: 0.012,
      costSource: 'provider',
      latencyMs: 1,
      outcome: 'ok',
    })
    const res = await generateStandings(undefined, via)
    expect(res.status).toBe(429)
    expect(res.body.message).toBe(
      'The monthly AI budget of $0.01 is spent ($0.01 so far this month, calls in progress included; this one may cost up to $0.02). No AI call is made until next month or until AI_MONTHLY_BUDGET_USD is raised.',
    )
    expect(ai.fake.requests).toHaveLength(0)
  })
})

describe('diagnostics', () => {
  it('computes status, response time, errors, usage by feature and model from the ledger; clear-logs forgets errors', async () => {
    await generateStandings()
    await post('generate-championship-news', { championshipName: 'WRC' })
    ai.fake.queue('responses', { kind: 'status', status: 400, message: 'bad field' })
    expect((await generateStandings()).status).toBe(502)

    const report = (await send('GET', '/api/admin/perplexity/diagnostic', { cookie })).body
    expect(report.overallStatus).toBe('error')
    expect(report.services[0]).toMatchObject({ service: 'Perplexity API', status: 'error' })
    expect(report.services[0].responseTime).toBeGreaterThanOrEqual(0)
    expect(report.recentErrors).toEqual([
      { service: 'Perplexity', error: 'standings: bad field', timestamp: expect.any(String) },
    ])
    expect(report.usage.last24Hours).toEqual({ totalRequests: 3, totalTokens: 3600, totalCost: 0.0136 })
    expect(report.usage.byFeature).toEqual({
      standings: { requests: 2, tokens: 1800, cost: 0.0068 },
      news: { requests: 1, tokens: 1800, cost: 0.0068 },
    })
    expect(report.usage.byModel).toEqual({ 'perplexity/sonar': { requests: 3, tokens: 3600, cost: 0.0136 } })
    expect(report.recommendations.length).toBeGreaterThan(0)

    expect((await post('perplexity/clear-logs')).body).toEqual({ cleared: 1 })
    const after = (await send('GET', '/api/admin/perplexity/diagnostic', { cookie })).body
    expect(after).toMatchObject({ overallStatus: 'healthy', recentErrors: [] })
    expect(after.usage.last24Hours.totalCost).toBe(0.0136)
  })

  it('test-news and test-image make live calls and store nothing but the ledger', async () => {
    const news = await post('perplexity/test-news', { championship: 'Formula 1' })
    expect(news).toMatchObject({ status: 200, body: { success: true, headline: 'Fake headline from the test server' } })
    const image = await post('openai/test-image', { prompt: 'a car' })
    expect(image.body.imageUrl).toMatch(/^\/media\//)
    expect(await articles()).toEqual([])
    const openai = (await send('GET', '/api/admin/openai/diagnostic', { cookie })).body
    expect(openai.tokenUsage.byFeature['test-image']).toMatchObject({ requests: 1 })
    expect(openai).not.toHaveProperty('usage')
  })

  it('reserves before calling: 20 parallel calls near the budget spend no more than the budget', async () => {
    const budget = 0.03
    const via = aiApp({ monthlyBudgetUsd: budget })
    // Slow answers, so that all twenty are in flight together.
    ai.fake.queue('responses', ...Array.from({ length: 20 }, () => ({ kind: 'slow' as const, ms: 300 })))
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => generateStandings(`Series ${i}`, via)))
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1)
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true)
    const spent = (await ledger()).reduce((sum, row) => sum + Number(row.cost), 0)
    expect(spent).toBeLessThanOrEqual(budget)
    // Every call that reached the provider is in the ledger, and nothing is left reserved.
    expect(ai.fake.requests.length).toBe((await ledger()).length)
    expect(await db().select().from(aiSpendReservations)).toEqual([])
  })

  it("prices a model missing from the price table at its service's highest price, and says so", async () => {
    const via = aiApp({ openai: { textModel: 'gpt-unlisted-9' } })
    const res = await post('format-news-content', { content: 'Plain text about the race.' }, via)
    expect(res.status).toBe(200)
    const [row] = await ledger()
    expect(row?.model).toBe('gpt-unlisted-9')
    expect(row?.costSource).toBe('fallback_highest')
    // 300 tokens in and 350 out at gpt-5's prices, the dearest OpenAI text figures.
    expect(Number(row?.cost)).toBeCloseTo((300 * 5 + 350 * 40) / 1_000_000, 6)
    const report = await via('GET', '/api/admin/openai/diagnostic', { cookie })
    expect(report.body.recommendations).toContainEqual(
      expect.stringContaining('The model gpt-unlisted-9 has no known price'),
    )
  })
})
