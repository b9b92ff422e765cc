import { env } from '../../env.server.ts'

export type AiService = 'openai' | 'perplexity'

export interface ServiceConfig {
  /** Unset: the service is not configured and every call answers 503 naming `keyVariable`. */
  apiKey?: string
  baseURL: string
  keyVariable: string
}

export interface AiConfig {
  openai: ServiceConfig & { imageModel: string; textModel: string }
  perplexity: ServiceConfig & { model: string }
  /** Unset: no monthly cap. */
  monthlyBudgetUsd?: number
  /** One attempt may take this long before it is abandoned (and retried). */
  timeoutMs: number
  /** Attempts per call, the first included: 429 and 5xx and timeouts are retried up to this bound. */
  maxAttempts: number
  /** A Retry-After longer than this is not waited for: the call fails with the provider's message. */
  maxRetryAfterMs: number
  /** Wait before retrying a 5xx or a timeout (doubled each time). */
  backoffMs: number
  sleep: (ms: number) => Promise<void>
}

/** Production's settings, from the typed environment (src/env.server.ts). */
export const aiConfigFromEnv = (): AiConfig => ({
  openai: {
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    keyVariable: 'OPENAI_API_KEY',
    imageModel: env.OPENAI_IMAGE_MODEL,
    textModel: env.OPENAI_TEXT_MODEL,
  },
  perplexity: {
    apiKey: env.PERPLEXITY_API_KEY,
    baseURL: env.PERPLEXITY_BASE_URL,
    keyVariable: 'PERPLEXITY_API_KEY',
    model: env.PERPLEXITY_MODEL,
  },
  monthlyBudgetUsd: env.AI_MONTHLY_BUDGET_USD,
  // Netlify answers a synchronous function within 60 s: one slow attempt and one retry must fit.
  timeoutMs: 25_000,
  maxAttempts: 3,
  maxRetryAfterMs: 20_000,
  backoffMs: 1_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
})

export interface AiConfigOverrides extends Partial<Omit<AiConfig, 'openai' | 'perplexity'>> {
  openai?: Partial<AiConfig['openai']>
  perplexity?: Partial<AiConfig['perplexity']>
}

/** `base` with some settings replaced (a test's fake server, a budget, no key). */
export function withAiOverrides(base: AiConfig, overrides: AiConfigOverrides): AiConfig {
  return {
    ...base,
    ...overrides,
    openai: { ...base.openai, ...overrides.openai },
    perplexity: { ...base.perplexity, ...overrides.perplexity },
  }
}

export const serviceLabel: Record<AiService, string> = { openai: 'OpenAI', perplexity: 'Perplexity' }

/**
 * US dollars per million tokens (and per image, and per request for web search) for when a
 * provider's answer carries no cost, and for the worst case a call reserves before it is sent.
 * Perplexity reports `usage.cost.total_cost` itself; OpenAI does not, so its calls are priced here.
 * Figures from the providers' price pages, 2026-11; check them before relying on the budget.
 */
export interface Price {
  service: AiService
  inputPerMillion: number
  outputPerMillion: number
  perImage?: number
  /** Search fees per request (Perplexity, high search context). */
  perRequest?: number
}
export const priceTable: Record<string, Price> = {
  'gpt-image-1.5': { service: 'openai', inputPerMillion: 5, outputPerMillion: 40, perImage: 0.04 },
  'gpt-image-2': { service: 'openai', inputPerMillion: 5, outputPerMillion: 40, perImage: 0.04 },
  'gpt-5-mini': { service: 'openai', inputPerMillion: 0.25, outputPerMillion: 2 },
  'gpt-5': { service: 'openai', inputPerMillion: 1.25, outputPerMillion: 10 },
  'perplexity/sonar': { service: 'perplexity', inputPerMillion: 1, outputPerMillion: 1, perRequest: 0.012 },
  'perplexity/sonar-pro': { service: 'perplexity', inputPerMillion: 3, outputPerMillion: 15, perRequest: 0.014 },
}

/**
 * The price of a model; a model missing from the table is priced as the dearest model of its
 * service (every figure at its highest), never as free: a budget must not be spent unseen.
 */
export function priceFor(service: AiService, model: string): { price: Price; known: boolean } {
  const known = priceTable[model]
  if (known) return { price: known, known: true }
  const prices = Object.values(priceTable).filter((p) => p.service === service)
  const highest = (pick: (p: Price) => number | undefined) => Math.max(0, ...prices.map((p) => pick(p) ?? 0))
  return {
    price: {
      service,
      inputPerMillion: highest((p) => p.inputPerMillion),
      outputPerMillion: highest((p) => p.outputPerMillion),
      perImage: highest((p) => p.perImage),
      perRequest: highest((p) => p.perRequest),
    },
    known: false,
  }
}

/** Cost of a call from a price. */
export function priceOf(price: Price, inputTokens: number, outputTokens: number, images = 0): number {
  const tokens = (inputTokens * price.inputPerMillion + outputTokens * price.outputPerMillion) / 1_000_000
  // Image models report tokens when they can; the flat per-image price covers answers without usage.
  const usage = inputTokens + outputTokens > 0 ? tokens : images * (price.perImage ?? 0)
  return usage + (price.perRequest ?? 0)
}

/**
 * Input tokens a call may use beyond the text we send (docs/decisions/0211): message framing and
 * the JSON schema's wrapping for OpenAI; for Perplexity, also what its web search hands the model
 * (the 8,000 tokens the reservation assumed for everything before).
 */
export const INPUT_ALLOWANCE_TOKENS: Record<AiService, number> = { openai: 1_000, perplexity: 8_000 }

/** An image of 1536x1024 at high quality is 6,240 output tokens, the most one of ours can cost. */
export const IMAGE_OUTPUT_TOKENS = 6_240

/**
 * The most the input of a call can count: a token is at least one byte of the text (byte-level
 * tokenizers), so the text's UTF-8 length bounds it whatever the language, plus the allowance.
 */
export function inputTokenBound(service: AiService, text: string): number {
  return Buffer.byteLength(text, 'utf8') + INPUT_ALLOWANCE_TOKENS[service]
}

/**
 * The most one attempt can cost, reserved before it is sent: its input at the bound above and the
 * output tokens it asks for at most (max_completion_tokens / max_output_tokens, or an image's).
 */
export function worstCaseCost(price: Price, inputTokens: number, maxOutputTokens: number): number {
  return priceOf(price, inputTokens, maxOutputTokens)
}
