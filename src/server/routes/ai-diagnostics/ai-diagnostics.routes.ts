import { Hono } from 'hono'
import { z } from 'zod'
import { diagnose } from '../../ai/diagnostics.ts'
import { generateImage } from '../../ai/openai.ts'
import { searchStructured } from '../../ai/perplexity.ts'
import { noStore } from '../../http/cache.ts'
import { optionalText } from '../../http/fields.ts'
import { jsonBody } from '../../http/validate.ts'
import { clearAiErrors } from '../../repos/ai-calls.repo.ts'

const testNewsBody = z.object({ championship: optionalText(100, 'The championship') }).partial()
const testImageBody = z.object({ prompt: optionalText(1000, 'The prompt') }).partial()

const headlineSchema = z.object({ headline: z.string().trim().min(1).max(300), summary: z.string().trim().max(2000) })
const headlineJsonSchema = {
  type: 'object',
  properties: { headline: { type: 'string' }, summary: { type: 'string' } },
  required: ['headline', 'summary'],
  additionalProperties: false,
}

/**
 * The AI Diagnostics panel (spec 001): reports computed from the ledger, live test calls (stored
 * nowhere but the ledger) and clearing the error log, for Perplexity (news) and OpenAI (images).
 */
export const aiDiagnosticsRoutes = new Hono()
  .use(noStore())
  // Which services have a key: the panel shows 'not configured' and the variable to set, before any call.
  .get('/ai-status', (c) => {
    const config = c.var.platform.ai
    const status = (service: 'openai' | 'perplexity') => ({
      configured: Boolean(config[service].apiKey),
      keyVariable: config[service].keyVariable,
    })
    return c.json({ perplexity: status('perplexity'), openai: status('openai') })
  })
  .get('/perplexity/diagnostic', async (c) => c.json(await diagnose(c.var.platform.ai, 'perplexity')))
  .post('/perplexity/test-news', jsonBody(testNewsBody), async (c) => {
    const data = c.req.valid('json')
    const championship = data.championship || 'Formula 1'
    const started = performance.now()
    const { value, sources } = await searchStructured(c.var.platform.ai, {
      feature: 'test-news',
      instructions: 'Answer with the JSON object only.',
      input: `The single most important ${championship} news story of the past week, as a headline and a two-sentence summary.`,
      schemaName: 'test_headline',
      jsonSchema: headlineJsonSchema,
      schema: headlineSchema,
      recency: 'week',
      maxOutputTokens: 1_000,
    })
    return c.json({
      success: true,
      championship,
      ...value,
      sources,
      responseTime: Math.round(performance.now() - started),
    })
  })
  .post('/perplexity/clear-logs', async (c) => c.json({ cleared: await clearAiErrors('perplexity') }))
  .get('/openai/diagnostic', async (c) => {
    const { usage, ...report } = await diagnose(c.var.platform.ai, 'openai')
    return c.json({ ...report, tokenUsage: usage })
  })
  .post('/openai/test-image', jsonBody(testImageBody), async (c) => {
    const data = c.req.valid('json')
    const prompt = data.prompt || 'A race car at speed on a wet track at dusk, photorealistic.'
    const started = performance.now()
    const imageUrl = await generateImage(c.var.platform, prompt, 'test-image')
    return c.json({ success: true, imageUrl, responseTime: Math.round(performance.now() - started) })
  })
  .post('/openai/clear-logs', async (c) => c.json({ cleared: await clearAiErrors('openai') }))
