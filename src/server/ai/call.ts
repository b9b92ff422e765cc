import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai'
import { ApiError } from '../http/errors.ts'
import { recordAiCall, spentThisMonth, type AiOutcome } from '../repos/ai-calls.repo.ts'
import { aiConfig, priceOf, serviceLabel, type AiService } from './config.ts'

/** What one answer used, as the provider reported it. */
export interface Usage {
  inputTokens: number
  outputTokens: number
  /** The provider's own figure (Perplexity's usage.cost.total_cost); else the price table is used. */
  providerCost?: number
  images?: number
}

/** Thrown by a `parse` step: the answer arrived but is not what we asked for. */
export class InvalidOutput extends Error {}

export interface AiCallSpec<Raw, Value> {
  service: AiService
  /** What the call is for, as the diagnostics panel groups usage: 'news', 'standings', 'image', ... */
  feature: string
  model: string
  send: (client: OpenAI) => Promise<Raw>
  usage: (raw: Raw) => Usage
  /** zod-checks the answer; throws InvalidOutput when it is not usable. */
  parse: (raw: Raw) => Value | Promise<Value>
}

/** 503 naming the variable to set: the panel shows 'not configured', the rest of the site is unaffected. */
export function requireConfigured(service: AiService): { apiKey: string; baseURL: string } {
  const settings = aiConfig()[service]
  if (!settings.apiKey) {
    throw new ApiError(
      503,
      `${serviceLabel[service]} is not configured: set ${settings.keyVariable} in the environment to use it.`,
    )
  }
  return { apiKey: settings.apiKey, baseURL: settings.baseURL }
}

async function requireBudget(): Promise<void> {
  const budget = aiConfig().monthlyBudgetUsd
  if (budget === undefined) return
  const spent = await spentThisMonth()
  if (spent >= budget) {
    throw new ApiError(
      429,
      `The monthly AI budget of $${budget.toFixed(2)} is spent ($${spent.toFixed(2)} so far this month). ` +
        'No AI call is made until next month or until AI_MONTHLY_BUDGET_USD is raised.',
    )
  }
}

interface Failure {
  outcome: AiOutcome
  httpStatus?: number
  message: string
  /** Wait this long before the next attempt; undefined: do not retry. */
  retryInMs?: number
}

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = headers?.get('retry-after-ms')
  if (ms && Number.isFinite(Number(ms))) return Number(ms)
  const value = headers?.get('retry-after')
  if (!value) return undefined
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

function providerMessage(error: APIError): string {
  const body = error.error as { message?: unknown; error?: { message?: unknown } } | undefined
  const text = body?.message ?? body?.error?.message
  return typeof text === 'string' && text ? text.slice(0, 300) : `HTTP ${error.status}`
}

function classify(error: unknown, attempt: number): Failure {
  const config = aiConfig()
  const backoff = config.backoffMs * 2 ** (attempt - 1)
  if (error instanceof APIConnectionTimeoutError) {
    return { outcome: 'timeout', message: `no answer within ${config.timeoutMs / 1000} s`, retryInMs: backoff }
  }
  if (error instanceof APIError && error.status === undefined) {
    return { outcome: 'network', message: `could not connect (${error.message})`, retryInMs: backoff }
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status
    if (status === 429) {
      const wait = retryAfterMs(error.headers) ?? backoff
      return {
        outcome: 'rate_limited',
        httpStatus: status,
        message: `rate limit reached (${providerMessage(error)})`,
        retryInMs: wait <= config.maxRetryAfterMs ? wait : undefined,
      }
    }
    if (status >= 500) {
      return { outcome: 'server_error', httpStatus: status, message: providerMessage(error), retryInMs: backoff }
    }
    return { outcome: 'client_error', httpStatus: status, message: providerMessage(error) }
  }
  // A 200 whose body is not JSON, or JSON of the wrong shape: the SDK throws a SyntaxError or our parse refuses.
  const detail = error instanceof Error ? error.message : String(error)
  return { outcome: 'invalid_output', message: detail.slice(0, 300) }
}

function costOf(model: string, usage: Usage): { cost: number; costSource: 'provider' | 'price_table' } {
  if (usage.providerCost !== undefined && Number.isFinite(usage.providerCost) && usage.providerCost >= 0) {
    return { cost: usage.providerCost, costSource: 'provider' }
  }
  return {
    cost: priceOf(model, usage.inputTokens, usage.outputTokens, usage.images ?? 0) ?? 0,
    costSource: 'price_table',
  }
}

/**
 * One AI call with the rules every feature shares: 503 when the service has no key, the monthly
 * budget, a timeout per attempt, bounded retries of 429 (honouring Retry-After up to a limit),
 * 5xx, timeouts and connection errors, one more try when the answer fails its checks, and a
 * ledger row for every attempt with its tokens, cost, latency and outcome.
 * Failures end as an ApiError whose message says what happened, in words the panel can show.
 */
export async function callAi<Raw, Value>(spec: AiCallSpec<Raw, Value>): Promise<Value> {
  const { apiKey, baseURL } = requireConfigured(spec.service)
  await requireBudget()
  const config = aiConfig()
  // The SDK's own retries are off: ours log each attempt and bound the waits.
  const client = new OpenAI({ apiKey, baseURL, maxRetries: 0, timeout: config.timeoutMs })
  const label = serviceLabel[spec.service]
  let invalidAnswers = 0
  let last: Failure | undefined

  for (let attempt = 1; attempt <= config.maxAttempts + 1; attempt++) {
    const started = performance.now()
    let raw: Raw
    try {
      raw = await spec.send(client)
    } catch (error) {
      last = classify(error, attempt)
      await recordAiCall({
        service: spec.service,
        feature: spec.feature,
        model: spec.model,
        inputTokens: 0,
        outputTokens: 0,
        cost: 0,
        costSource: 'price_table',
        latencyMs: performance.now() - started,
        outcome: last.outcome,
        httpStatus: last.httpStatus,
        error: last.message,
      })
      if (last.outcome === 'invalid_output') {
        invalidAnswers++
        if (invalidAnswers >= 2) break
        continue
      }
      if (last.retryInMs === undefined || attempt >= config.maxAttempts) break
      await config.sleep(last.retryInMs)
      continue
    }

    const usage = spec.usage(raw)
    const { cost, costSource } = costOf(spec.model, usage)
    const record = {
      service: spec.service,
      feature: spec.feature,
      model: spec.model,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      cost,
      costSource,
      latencyMs: performance.now() - started,
    }
    try {
      const value = await spec.parse(raw)
      await recordAiCall({ ...record, outcome: 'ok', httpStatus: 200 })
      return value
    } catch (error) {
      if (!(error instanceof InvalidOutput)) throw error
      last = { outcome: 'invalid_output', message: error.message }
      // The answer was paid for even though we refuse it.
      await recordAiCall({ ...record, outcome: 'invalid_output', httpStatus: 200, error: error.message })
      invalidAnswers++
      if (invalidAnswers >= 2) break
    }
  }

  throw failureError(label, last)
}

function failureError(label: string, failure: Failure | undefined): ApiError {
  if (!failure) return new ApiError(502, `${label} did not answer.`)
  switch (failure.outcome) {
    case 'invalid_output':
      return new ApiError(
        502,
        `${label} answered twice with output that failed our checks (${failure.message}). Nothing was saved.`,
      )
    case 'rate_limited':
      return new ApiError(429, `${label} is rate-limiting requests: ${failure.message}. Please try again later.`)
    case 'timeout':
      return new ApiError(502, `${label} did not answer in time (${failure.message}). Please try again.`)
    case 'network':
      return new ApiError(502, `${label} could not be reached: ${failure.message}.`)
    case 'server_error':
      return new ApiError(502, `${label} failed (HTTP ${failure.httpStatus}: ${failure.message}). Please try again.`)
    default:
      return new ApiError(502, `${label} refused the request (HTTP ${failure.httpStatus}: ${failure.message}).`)
  }
}
