import { z } from 'zod'
import { htmlToText } from '../../lib/excerpt.ts'
import { sanitizeArticleHtml } from '../../lib/sanitize-article.ts'
import { checkImageBytes, storeImage } from '../blobs/images.ts'
import { ApiError } from '../http/errors.ts'
import { callAi, InvalidOutput } from './call.ts'
import { IMAGE_OUTPUT_TOKENS, type AiConfig } from './config.ts'
import type { BlobStores } from '../blobs/store.ts'

const imagesAnswer = z.object({
  data: z.array(z.object({ b64_json: z.string().min(1) }).loose()).min(1),
  usage: z.looseObject({ input_tokens: z.number().optional(), output_tokens: z.number().optional() }).optional(),
})

/** Landscape, like the article pages' 16:9 hero. */
const IMAGE_SIZE = '1536x1024'

/**
 * An image from OpenAI's GPT image models, which answer base64 only: the bytes are checked
 * (a real JPEG/PNG/WebP) and stored in Blobs; the answer is our /media URL, never a data URL.
 */
export async function generateImage(
  platform: { ai: AiConfig; blobs: BlobStores },
  prompt: string,
  feature = 'image',
): Promise<string> {
  const model = platform.ai.openai.imageModel
  const bytes = await callAi(platform.ai, {
    service: 'openai',
    feature,
    model,
    inputText: prompt,
    // The images endpoint takes no output limit: an image's tokens follow from its size and quality.
    maxOutputTokens: IMAGE_OUTPUT_TOKENS,
    send: (client) => client.images.generate({ model, prompt, size: IMAGE_SIZE, n: 1 }) as Promise<unknown>,
    usage: (raw) => {
      const parsed = imagesAnswer.safeParse(raw)
      const usage = parsed.success ? parsed.data.usage : undefined
      return { inputTokens: usage?.input_tokens ?? 0, outputTokens: usage?.output_tokens ?? 0, images: 1 }
    },
    parse: (raw) => {
      const parsed = imagesAnswer.safeParse(raw)
      if (!parsed.success) throw new InvalidOutput('the answer carries no image', 'incomplete')
      const data = parsed.data.data[0]!.b64_json
      if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(data)) throw new InvalidOutput('the image is not valid base64')
      const decoded = new Uint8Array(Buffer.from(data, 'base64'))
      try {
        checkImageBytes(decoded)
      } catch (error) {
        throw new InvalidOutput(error instanceof ApiError ? error.message : 'the image bytes are not an image')
      }
      return decoded
    },
  })
  return (await storeImage(platform.blobs, bytes)).url
}

const formatAnswer = z.object({
  choices: z.array(z.looseObject({ message: z.looseObject({ content: z.string().nullable().optional() }) })).min(1),
  usage: z.looseObject({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional() }).optional(),
})

const formattedSchema = z.object({ html: z.string().min(1) })

const formatJsonSchema = {
  type: 'object',
  properties: {
    html: {
      type: 'string',
      description: 'The article as HTML fragments: p, h2, h3, ul, ol, li, strong, em, blockquote.',
    },
  },
  required: ['html'],
  additionalProperties: false,
}

/**
 * The longest text auto-format takes (docs/decisions/0211): a long feature article, about 7,000
 * words. Longer text is refused before anything is sent (the route answers 400).
 */
export const MAX_FORMAT_CHARACTERS = 40_000

/**
 * Output tokens a formatting may use: the text again with its markup, JSON-escaped, is about as
 * many tokens as the text has bytes / 4; half its bytes leaves room for that twice over, and 4,000
 * more for the model's reasoning (counted as output) on a short text.
 */
export const formatMaxOutputTokens = (content: string) => 4_000 + Math.ceil(Buffer.byteLength(content, 'utf8') / 2)

const formatInstructions =
  'You format news articles as clean HTML. Keep every sentence exactly as written; only add paragraphs, ' +
  'subheadings (h2, h3), lists and emphasis where they help reading. No styles, scripts, images or links.'

/** Words of a text, for checking that formatting kept the article (it may only add markup). */
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/**
 * Plain article text to HTML paragraphs and headings (the News tab's auto-format), through
 * OpenAI with a JSON schema answer. The result is sanitized with the article allow-list and must
 * keep the text: an answer that drops or rewrites much of it is refused.
 */
export async function formatArticleHtml(ai: AiConfig, content: string): Promise<string> {
  const model = ai.openai.textModel
  const original = words(content)
  const maxOutputTokens = formatMaxOutputTokens(content)
  return callAi(ai, {
    service: 'openai',
    feature: 'format',
    model,
    inputText: formatInstructions + content + JSON.stringify(formatJsonSchema),
    maxOutputTokens,
    send: (client) =>
      client.chat.completions.create({
        model,
        messages: [
          { role: 'system', content: formatInstructions },
          { role: 'user', content },
        ],
        max_completion_tokens: maxOutputTokens,
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'formatted_article', strict: true, schema: formatJsonSchema },
        },
      }) as Promise<unknown>,
    usage: (raw) => {
      const parsed = formatAnswer.safeParse(raw)
      const usage = parsed.success ? parsed.data.usage : undefined
      return { inputTokens: usage?.prompt_tokens ?? 0, outputTokens: usage?.completion_tokens ?? 0 }
    },
    parse: (raw) => {
      const parsed = formatAnswer.safeParse(raw)
      if (!parsed.success) throw new InvalidOutput('not the expected response format', 'unreadable')
      let json: unknown
      try {
        json = JSON.parse(parsed.data.choices[0]!.message.content ?? '')
      } catch {
        throw new InvalidOutput('not valid JSON', 'unreadable')
      }
      const formatted = formattedSchema.safeParse(json)
      if (!formatted.success) throw new InvalidOutput('the formatted text is missing', 'incomplete')
      const html = sanitizeArticleHtml(formatted.data.html)
      const kept = new Set(words(htmlToText(html)))
      const missing = original.filter((w) => !kept.has(w)).length
      if (original.length > 0 && missing / original.length > 0.1) {
        throw new InvalidOutput('the formatted text lost or changed more than a tenth of the words')
      }
      return html
    },
  })
}
