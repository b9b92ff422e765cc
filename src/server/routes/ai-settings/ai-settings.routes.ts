import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { noStore } from '../../http/cache.ts'
import { intFrom, optionalText } from '../../http/fields.ts'
import { jsonBody } from '../../http/validate.ts'
import { getAiSettings, saveAiSettings } from '../../repos/ai-settings.repo.ts'
import { MAX_WORD_COUNT } from '../../../lib/ai-news.ts'

const aiSettingsBody = z
  .object(
    {
      contentPrompt: optionalText(5000, 'The content prompt'),
      focusPrompt: optionalText(5000, 'The focus prompt'),
      wordCount: intFrom('The word count', 50, MAX_WORD_COUNT),
    },
    { message: 'Please send contentPrompt, focusPrompt and wordCount.' },
  )
  .partial()

/** GET/POST /api/admin/ai-settings: the prompts the AI news generator uses (stored only here). */
export const aiSettingsRoutes = new Hono()
  .use(noStore())
  .get('/', async (c) => c.json(await getAiSettings()))
  .post('/', jsonBody(aiSettingsBody, 'Please send contentPrompt, focusPrompt and wordCount.'), async (c) => {
    const settings = await saveAiSettings(c.req.valid('json'))
    recordWrite(c, { entity: 'ai-settings', summary: `Saved AI settings (${settings.wordCount} words)` })
    return c.json(settings)
  })
