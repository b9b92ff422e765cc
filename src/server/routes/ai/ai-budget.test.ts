import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ledger, startAiHarness, type AiHarness } from '../../../../tests/helpers/ai.ts'
import { appWith, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { withAiOverrides, type AiConfigOverrides } from '../../ai/config.ts'
import { MAX_FORMAT_CHARACTERS } from '../../ai/openai.ts'
import { db } from '../../db/client.ts'
import { aiSpendReservations } from '../../db/schema.ts'

/**
 * The monthly AI budget holds however large the answers and the inputs (issue 22, item 5): six
 * parallel format calls against a $0.10 budget left $0.49 in the ledger, because no output limit was
 * sent, any input up to 200,000 characters was taken, and every call reserved the same 8k-in/4k-out.
 */
let ai: AiHarness
let send: Send
let cookie: string

beforeAll(async () => {
  ai = await startAiHarness()
  ;({ send } = appWith(ai.platform))
})
afterAll(() => ai.close())
beforeEach(async () => {
  await resetDatabase()
  ai.fake.reset()
  cookie = await adminCookie()
})

const post = (path: string, body: unknown = {}, via: Send = send) => via('POST', `/api/admin/${path}`, { cookie, body })
const format = (content: string, via?: Send) => post('format-news-content', { content }, via)
/** Requests to an app whose AI settings differ from the harness's (a budget, one attempt). */
const aiApp = (overrides: AiConfigOverrides): Send =>
  appWith({ ...ai.platform, ai: withAiOverrides(ai.platform.ai, overrides) }).send
const spent = async () => (await ledger()).reduce((sum, row) => sum + Number(row.cost), 0)

/** Plain text of about `characters` characters, in paragraphs, as an owner pastes an article. */
function plainArticle(characters: number): string {
  const paragraph =
    'The championship leader kept his nerve through a late safety car and a final sprint to the flag. ' +
    'Behind him the fight for the last points lasted until the final corner of the race.'
  const paragraphs: string[] = []
  while (paragraphs.join('\n\n').length + paragraph.length + 2 <= characters) paragraphs.push(paragraph)
  return paragraphs.join('\n\n')
}

describe('the AI budget', () => {
  it('sends an output limit with every text call', async () => {
    expect((await post('generate-championship-standings', { championshipName: 'Formula 1' })).status).toBe(200)
    expect((await post('generate-championship-news', { championshipName: 'WEC' })).status).toBe(201)
    expect((await post('perplexity/test-news', { championship: 'Formula 1' })).status).toBe(200)
    expect((await format(plainArticle(2_000))).status).toBe(200)
    const limits = ai.fake.requests.map((r) =>
      r.endpoint === 'chat' ? r.body.max_completion_tokens : r.body.max_output_tokens,
    )
    expect(limits).toHaveLength(4)
    for (const limit of limits) expect(limit).toEqual(expect.any(Number))
    expect(Math.max(...(limits as number[]))).toBeLessThanOrEqual(32_000)
  })

  it('never spends more than the budget: six parallel formats, the provider billing all each request allows', async () => {
    const budget = 0.1
    const via = aiApp({ monthlyBudgetUsd: budget })
    // Slow enough that all six are in flight together.
    ai.fake.queue('chat', ...Array.from({ length: 6 }, () => ({ kind: 'costly' as const, ms: 300 })))
    const results = await Promise.all(Array.from({ length: 6 }, () => format(plainArticle(20_000), via)))
    const statuses = results.map((r) => r.status)
    expect(statuses).toContain(200)
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true)
    expect(await spent()).toBeLessThanOrEqual(budget)
    expect(ai.fake.requests.length).toBe((await ledger()).length)
    expect(await db().select().from(aiSpendReservations)).toEqual([])
  })

  it('reserves by the real input: a short text is formatted, a long one is refused before it is sent', async () => {
    const via = aiApp({ monthlyBudgetUsd: 0.02 })
    expect((await format(plainArticle(1_000), via)).status).toBe(200)
    const sent = ai.fake.requests.length
    const long = await format(plainArticle(39_000), via)
    expect(long.status).toBe(429)
    expect(long.body.message).toMatch(/^The monthly AI budget of \$0\.02 is spent/)
    expect(ai.fake.requests.length).toBe(sent)
  })

  it('refuses a text longer than an article with 400 and says the limit; nothing is sent or recorded', async () => {
    const res = await format('x'.repeat(40_001))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'The content is too long to format: at most 40,000 characters at once.' })
    expect(ai.fake.requests).toHaveLength(0)
    expect(await ledger()).toEqual([])
    expect(MAX_FORMAT_CHARACTERS).toBe(40_000)
    expect((await format(plainArticle(40_000))).status).toBe(200)
  })

  it('records an attempt that timed out at its worst-case cost: the provider bills it', async () => {
    const via = aiApp({ maxAttempts: 1, monthlyBudgetUsd: 1 })
    ai.fake.queue('chat', { kind: 'hang' })
    const res = await format(plainArticle(2_000), via)
    expect(res.status).toBe(502)
    const [row] = await ledger()
    expect(row).toMatchObject({ outcome: 'timeout', costSource: 'worst_case' })
    // Input at a token a byte plus the allowance, output at the limit asked for (gpt-5-mini's prices).
    expect(Number(row!.cost)).toBeGreaterThan(0.005)
    expect(await spent()).toBe(Number(row!.cost))
  })
})
