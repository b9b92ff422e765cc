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

const fromEnv = (): AiConfig => ({
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

let config: AiConfig = fromEnv()

export const aiConfig = (): AiConfig => config

export interface AiConfigOverrides extends Partial<Omit<AiConfig, 'openai' | 'perplexity'>> {
  openai?: Partial<AiConfig['openai']>
  perplexity?: Partial<AiConfig['perplexity']>
}

/** Tests (and the fake server's self-check) point the services elsewhere; answers the undo. */
export function configureAi(overrides: AiConfigOverrides): () => void {
  const previous = config
  config = {
    ...config,
    ...overrides,
    openai: { ...config.openai, ...overrides.openai },
    perplexity: { ...config.perplexity, ...overrides.perplexity },
  }
  return () => {
    config = previous
  }
}

export const serviceLabel: Record<AiService, string> = { openai: 'OpenAI', perplexity: 'Perplexity' }

/**
 * US dollars per million tokens (and per image) for when a provider's answer carries no cost.
 * Perplexity reports `usage.cost.total_cost` itself; OpenAI does not, so its calls are priced here.
 * Figures from the providers' price pages, 2026-11; check them before relying on the budget.
 */
export const priceTable: Record<string, { inputPerMillion: number; outputPerMillion: number; perImage?: number }> = {
  'gpt-image-1.5': { inputPerMillion: 5, outputPerMillion: 40, perImage: 0.04 },
  'gpt-image-2': { inputPerMillion: 5, outputPerMillion: 40, perImage: 0.04 },
  'gpt-5-mini': { inputPerMillion: 0.25, outputPerMillion: 2 },
  'gpt-5': { inputPerMillion: 1.25, outputPerMillion: 10 },
  'perplexity/sonar': { inputPerMillion: 1, outputPerMillion: 1 },
  'perplexity/sonar-pro': { inputPerMillion: 3, outputPerMillion: 15 },
}

/** Cost of a call from the price table; an unknown model costs 0 and says so in the ledger. */
export function priceOf(model: string, inputTokens: number, outputTokens: number, images = 0): number | undefined {
  const price = priceTable[model]
  if (!price) return undefined
  const tokens = (inputTokens * price.inputPerMillion + outputTokens * price.outputPerMillion) / 1_000_000
  // Image models report tokens when they can; the flat per-image price covers answers without usage.
  return inputTokens + outputTokens > 0 ? tokens : images * (price.perImage ?? 0)
}
