import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses'
import { z } from 'zod'
import { describeSchemaIssue } from '../../lib/ai-output-words.ts'
import { isSafeUrl } from '../http/fields.ts'
import { callAi, InvalidOutput, type Usage } from './call.ts'
import type { AiConfig } from './config.ts'

/**
 * Perplexity's Agent API answer (the Responses shape), as far as we read it. Sources arrive as
 * `search_results` output items, the text in `message` items, the cost in `usage.cost`.
 */
const answerSchema = z.object({
  output: z.array(
    z.looseObject({
      type: z.string(),
      content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })).optional(),
      results: z.array(z.looseObject({ url: z.string().optional(), title: z.string().optional() })).optional(),
    }),
  ),
  usage: z
    .looseObject({
      input_tokens: z.number().optional(),
      output_tokens: z.number().optional(),
      cost: z.looseObject({ total_cost: z.number().optional() }).optional(),
    })
    .optional(),
})
type Answer = z.infer<typeof answerSchema>

export type Recency = 'hour' | 'day' | 'week' | 'month' | 'year'

export interface SearchRequest<T> {
  feature: string
  instructions: string
  input: string
  /** Asked for as structured output (a JSON schema), then checked with `schema`. */
  schemaName: string
  jsonSchema: Record<string, unknown>
  schema: z.ZodType<T>
  recency: Recency
  /** The most output tokens the answer may use (sent as max_output_tokens; the budget reserves it). */
  maxOutputTokens: number
  /** Further checks of the parsed answer and its sources; a message here means "invalid, ask again". */
  check?: (value: T, sources: string[]) => string | undefined
}

export interface SearchAnswer<T> {
  value: T
  /** The web pages the answer was based on: http(s) URLs, each once. */
  sources: string[]
}

/** The answer's text: models sometimes wrap the JSON in a Markdown fence. */
function answerText(answer: Answer): string {
  const text = answer.output
    .filter((item) => item.type === 'message')
    .flatMap((item) => item.content ?? [])
    .filter((part) => part.type === 'output_text')
    .map((part) => part.text ?? '')
    .join('')
    .trim()
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/.exec(text)
  return fenced ? fenced[1]! : text
}

function sourcesOf(answer: Answer, extra: readonly string[] = []): string[] {
  const urls = answer.output
    .filter((item) => item.type === 'search_results')
    .flatMap((item) => item.results ?? [])
    .map((r) => r.url ?? '')
  return [...new Set([...urls, ...extra].map((u) => u.trim()).filter((u) => /^https?:\/\//.test(u) && isSafeUrl(u)))]
}

const usageOf = (raw: unknown): Usage => {
  const parsed = answerSchema.safeParse(raw)
  const usage = parsed.success ? parsed.data.usage : undefined
  return {
    inputTokens: usage?.input_tokens ?? 0,
    outputTokens: usage?.output_tokens ?? 0,
    providerCost: usage?.cost?.total_cost,
  }
}

/**
 * A web-searched, structured answer from Perplexity: `responses.create` with the `web_search`
 * tool and a recency filter, the answer as JSON of `jsonSchema`, parsed with zod, its sources
 * from the search results (plus any `sources` the JSON lists).
 */
export async function searchStructured<T>(ai: AiConfig, request: SearchRequest<T>): Promise<SearchAnswer<T>> {
  const model = ai.perplexity.model
  // Perplexity takes structured output as a top-level response_format, which OpenAI's type lacks.
  const body = {
    model,
    instructions: request.instructions,
    input: request.input,
    max_output_tokens: request.maxOutputTokens,
    tools: [{ type: 'web_search', filters: { search_recency_filter: request.recency } }],
    response_format: { type: 'json_schema', json_schema: { name: request.schemaName, schema: request.jsonSchema } },
  } as unknown as ResponseCreateParamsNonStreaming

  return callAi(ai, {
    service: 'perplexity',
    feature: request.feature,
    model,
    inputText: request.instructions + request.input + JSON.stringify(request.jsonSchema),
    maxOutputTokens: request.maxOutputTokens,
    send: (client) => client.responses.create(body) as Promise<unknown>,
    usage: usageOf,
    parse: (raw) => {
      const answer = answerSchema.safeParse(raw)
      if (!answer.success) throw new InvalidOutput('not the expected response format', 'unreadable')
      let json: unknown
      try {
        json = JSON.parse(answerText(answer.data))
      } catch {
        throw new InvalidOutput('not valid JSON', 'unreadable')
      }
      const value = request.schema.safeParse(json)
      if (!value.success) throw new InvalidOutput(describeSchemaIssue(value.error.issues[0]), 'incomplete')
      const listed = (json as { sources?: unknown }).sources
      const sources = sourcesOf(
        answer.data,
        Array.isArray(listed) ? listed.filter((s): s is string => typeof s === 'string') : [],
      )
      const problem = request.check?.(value.data, sources)
      if (problem) throw new InvalidOutput(problem)
      return { value: value.data, sources }
    },
  })
}
