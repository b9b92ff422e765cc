import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai'
import { refusedAnswerMessage, type OutputProblem } from '../../lib/ai-output-words.ts'
import { ApiError } from '../http/errors.ts'
import { recordAiCall, releaseAiReservation, reserveAiSpend, type AiOutcome } from '../repos/ai-calls.repo.ts'
import {
  inputTokenBound,
  priceFor,
  priceOf,
  serviceLabel,
  worstCaseCost,
  type AiConfig,
  type AiService,
} from './config.ts'

/** What one answer used, as the provider reported it. */
export interface Usage {
  inputTokens: number
  outputTokens: number
  /** The provider's own figure (Perplexity's usage.cost.total_cost); else the price table is used. */
  providerCost?: number
  images?: number
}

/**
 * Thrown by a `parse` step: the answer arrived but is not what we asked for. The message is a
 * short clause in words ('not valid JSON', 'the title is missing'): the owner reads it.
 */
export class InvalidOutput extends Error {
  constructor(
    message: string,
    readonly problem: OutputProblem = 'failed-check',
  ) {
    super(message)
  }
}

export interface AiCallSpec<Raw, Value> {
  service: AiService
  /** What the call is for, as the diagnostics panel groups usage: 'news', 'standings', 'image', ... */
  feature: string
  model: string
  /**
   * Everything the request sends as text (prompt, instructions, JSON schema): the reservation bounds
   * the input tokens by its UTF-8 length (config.ts inputTokenBound).
   */
  inputText: string
  /**
   * The most output tokens one attempt may produce. `send` must ask for no more (OpenAI's
   * max_completion_tokens, Perplexity's max_output_tokens); an image's are fixed by its size.
   */
  maxOutputTokens: number
  send: (client: OpenAI) => Promise<Raw>
  usage: (raw: Raw) => Usage
  /** zod-checks the answer; throws InvalidOutput when it is not usable. */
  parse: (raw: Raw) => Value | Promise<Value>
}

/** 503 naming the variable to set: the panel shows 'not configured', the rest of the site is unaffected. */
export function requireConfigured(ai: AiConfig, service: AiService): { apiKey: string; baseURL: string } {
  const settings = ai[service]
  if (!settings.apiKey) {
    throw new ApiError(
      503,
      `${serviceLabel[service]} is not configured: set ${settings.keyVariable} in the environment to use it.`,
    )
  }
  return { apiKey: settings.apiKey, baseURL: settings.baseURL }
}

/** The most one attempt of this call can cost: its input at its bound, its output at the most it asks for. */
function attemptWorstCase(spec: AiCallSpec<unknown, unknown>): number {
  const { price } = priceFor(spec.service, spec.model)
  return worstCaseCost(price, inputTokenBound(spec.service, spec.inputText), spec.maxOutputTokens)
}

/**
 * Sets the attempt's worst-case cost aside against the monthly budget before it is sent, or refuses
 * (docs/decisions/0406 and 0211). Answers the reservation to release once the real cost is in the
 * ledger; undefined when there is no budget.
 */
async function reserveBudget(
  ai: AiConfig,
  spec: AiCallSpec<unknown, unknown>,
  amount: number,
): Promise<number | undefined> {
  const budget = ai.monthlyBudgetUsd
  if (budget === undefined) return undefined
  const reserved = await reserveAiSpend({ service: spec.service, feature: spec.feature, amount, budget })
  if ('reservationId' in reserved) return reserved.reservationId
  throw new ApiError(
    429,
    `The monthly AI budget of $${budget.toFixed(2)} is spent ($${reserved.spent.toFixed(2)} so far this month, ` +
      `calls in progress included; this one may cost up to $${amount.toFixed(2)}). ` +
      'No AI call is made until next month or until AI_MONTHLY_BUDGET_USD is raised.',
  )
}

interface Failure {
  outcome: AiOutcome
  httpStatus?: number
  message: string
  /** Set for invalid_output: what kind of wrong answer it was. */
  problem?: OutputProblem
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

function classify(config: AiConfig, error: unknown, attempt: number): Failure {
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
  // A 200 whose body is not JSON: the SDK throws the parser's SyntaxError, which says nothing to the owner.
  if (error instanceof SyntaxError)
    return { outcome: 'invalid_output', problem: 'unreadable', message: 'not valid JSON' }
  const detail = error instanceof Error ? error.message : String(error)
  return { outcome: 'invalid_output', problem: 'unreadable', message: detail.slice(0, 300) }
}

function costOf(
  service: AiService,
  model: string,
  usage: Usage,
): { cost: number; costSource: 'provider' | 'price_table' | 'fallback_highest' } {
  if (usage.providerCost !== undefined && Number.isFinite(usage.providerCost) && usage.providerCost >= 0) {
    return { cost: usage.providerCost, costSource: 'provider' }
  }
  const { price, known } = priceFor(service, model)
  return {
    cost: priceOf(price, usage.inputTokens, usage.outputTokens, usage.images ?? 0),
    costSource: known ? 'price_table' : 'fallback_highest',
  }
}

/**
 * One AI call with the rules every feature shares: 503 when the service has no key, the monthly
 * budget (each attempt reserves its worst case first), a timeout per attempt, bounded retries of
 * 429 (honouring Retry-After up to a limit), 5xx, timeouts and connection errors, one more try when
 * the answer fails its checks, and a ledger row for every attempt with its tokens, cost, latency
 * and outcome. Failures end as an ApiError whose message says what happened, in words the panel
 * can show.
 */
export async function callAi<Raw, Value>(config: AiConfig, spec: AiCallSpec<Raw, Value>): Promise<Value> {
  const { apiKey, baseURL } = requireConfigured(config, spec.service)
  // The SDK's own retries are off: ours log each attempt and bound the waits.
  const client = new OpenAI({ apiKey, baseURL, maxRetries: 0, timeout: config.timeoutMs })
  let invalidAnswers = 0
  let last: Failure | undefined
  const worstCase = attemptWorstCase(spec as AiCallSpec<unknown, unknown>)

  for (let attempt = 1; attempt <= config.maxAttempts + 1; attempt++) {
    const reservation = await reserveBudget(config, spec as AiCallSpec<unknown, unknown>, worstCase)
    let outcome: Attempt<Value>
    try {
      outcome = await attemptOnce(config, spec, client, attempt, worstCase)
    } finally {
      // Released only once the attempt's real cost is in the ledger.
      if (reservation !== undefined) await releaseAiReservation(reservation)
    }
    if ('value' in outcome) return outcome.value
    last = outcome.failure
    if (last.outcome === 'invalid_output') {
      invalidAnswers++
      if (invalidAnswers >= 2) break
      continue
    }
    if (last.retryInMs === undefined || attempt >= config.maxAttempts) break
    await config.sleep(last.retryInMs)
  }

  throw failureError(serviceLabel[spec.service], last)
}

type Attempt<Value> = { value: Value } | { failure: Failure }

/**
 * Sends once and writes the attempt's ledger row. An attempt abandoned for taking too long was
 * received and is billed by the provider, which tells us nothing more: it is recorded at its
 * worst-case cost (costSource 'worst_case'), so the budget counts it.
 */
async function attemptOnce<Raw, Value>(
  config: AiConfig,
  spec: AiCallSpec<Raw, Value>,
  client: OpenAI,
  attempt: number,
  worstCase: number,
): Promise<Attempt<Value>> {
  const started = performance.now()
  let raw: Raw
  try {
    raw = await spec.send(client)
  } catch (error) {
    const failure = classify(config, error, attempt)
    const billed = failure.outcome === 'timeout'
    await recordAiCall({
      service: spec.service,
      feature: spec.feature,
      model: spec.model,
      inputTokens: 0,
      outputTokens: 0,
      cost: billed ? worstCase : 0,
      costSource: billed ? 'worst_case' : 'price_table',
      latencyMs: performance.now() - started,
      outcome: failure.outcome,
      httpStatus: failure.httpStatus,
      error: failure.message,
    })
    return { failure }
  }

  const usage = spec.usage(raw)
  const record = {
    service: spec.service,
    feature: spec.feature,
    model: spec.model,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    ...costOf(spec.service, spec.model, usage),
    latencyMs: performance.now() - started,
  }
  try {
    const value = await spec.parse(raw)
    await recordAiCall({ ...record, outcome: 'ok', httpStatus: 200 })
    return { value }
  } catch (error) {
    if (!(error instanceof InvalidOutput)) throw error
    // The answer was paid for even though we refuse it.
    await recordAiCall({ ...record, outcome: 'invalid_output', httpStatus: 200, error: error.message })
    return { failure: { outcome: 'invalid_output', problem: error.problem, message: error.message } }
  }
}

function failureError(label: string, failure: Failure | undefined): ApiError {
  if (!failure) return new ApiError(502, `${label} did not answer.`)
  switch (failure.outcome) {
    case 'invalid_output':
      // Asked twice; both answers refused.
      return new ApiError(502, refusedAnswerMessage(label, failure.problem ?? 'failed-check', failure.message))
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
