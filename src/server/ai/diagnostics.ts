import { lastAiCall, listAiCalls, recentAiErrors, spentThisMonth, type AiCallRow } from '../repos/ai-calls.repo.ts'
import { priceTable, serviceLabel, type AiConfig, type AiService } from './config.ts'

export type Health = 'healthy' | 'warning' | 'error'

export interface UsageFigures {
  requests: number
  tokens: number
  cost: number
}

export interface DiagnosticReport {
  overallStatus: Health
  services: {
    service: string
    status: Health
    message: string
    responseTime: number
    details: Record<string, unknown>
  }[]
  recentErrors: { service: string; error: string; timestamp: string }[]
  recommendations: string[]
  usage: {
    last24Hours: { totalRequests: number; totalTokens: number; totalCost: number }
    byFeature: Record<string, UsageFigures>
    byModel?: Record<string, UsageFigures>
  }
  lastUpdated: string
}

const DAY_MS = 24 * 60 * 60 * 1000

function group(calls: AiCallRow[], key: (c: AiCallRow) => string): Record<string, UsageFigures> {
  const out: Record<string, UsageFigures> = {}
  for (const call of calls) {
    const figures = (out[key(call)] ??= { requests: 0, tokens: 0, cost: 0 })
    figures.requests++
    figures.tokens += call.totalTokens
    figures.cost += Number(call.cost)
  }
  for (const figures of Object.values(out)) figures.cost = round(figures.cost)
  return out
}

const round = (n: number) => Math.round(n * 1_000_000) / 1_000_000

/**
 * The diagnostics panel's report for one service, computed from the ledger of real calls (no
 * call is made to produce it: 'test news' and 'test image' are the live checks).
 */
export async function diagnose(config: AiConfig, service: AiService, now = new Date()): Promise<DiagnosticReport> {
  const settings = config[service]
  const label = serviceLabel[service]
  const model =
    service === 'openai' ? `${config.openai.imageModel} / ${config.openai.textModel}` : config.perplexity.model
  const [calls, errors, last, spent] = await Promise.all([
    listAiCalls(service, new Date(now.getTime() - DAY_MS)),
    recentAiErrors(service),
    lastAiCall(service),
    spentThisMonth(now),
  ])

  const ok = calls.filter((c) => c.ok)
  const responseTime = ok.length ? Math.round(ok.reduce((s, c) => s + c.latencyMs, 0) / ok.length) : 0
  const failed = calls.length - ok.length
  const errorRate = calls.length ? failed / calls.length : 0

  let status: Health
  let message: string
  if (!settings.apiKey) {
    status = 'error'
    message = `Not configured: set ${settings.keyVariable}.`
  } else if (last && !last.ok) {
    status = 'error'
    message = `The last call failed: ${last.error ?? last.outcome}`
  } else if (errorRate > 0.2) {
    status = 'warning'
    message = `${failed} of ${calls.length} calls failed in the last 24 hours.`
  } else {
    status = 'healthy'
    message = calls.length
      ? `${calls.length} calls in the last 24 hours.`
      : 'Configured; no calls in the last 24 hours.'
  }

  const services: DiagnosticReport['services'] = [
    {
      service: `${label} API`,
      status,
      message,
      responseTime,
      details: {
        configured: Boolean(settings.apiKey),
        baseURL: settings.baseURL,
        model,
        requests24h: calls.length,
        failed24h: failed,
        lastCallAt: last?.createdAt.toISOString() ?? null,
      },
    },
  ]

  const budget = config.monthlyBudgetUsd
  if (budget !== undefined) {
    const share = budget > 0 ? spent / budget : 1
    services.push({
      service: 'Monthly AI budget',
      status: share >= 1 ? 'error' : share >= 0.8 ? 'warning' : 'healthy',
      message: `$${spent.toFixed(2)} of $${budget.toFixed(2)} spent this month${share >= 1 ? ': AI calls are stopped' : ''}.`,
      responseTime: 0,
      details: { spent: round(spent), budget },
    })
  }

  const recommendations: string[] = []
  if (!settings.apiKey)
    recommendations.push(
      `Set ${settings.keyVariable} (and ${service.toUpperCase()}_BASE_URL for a compatible server) to enable ${label}.`,
    )
  const unpriced = [
    ...new Set([
      ...(service === 'openai' ? [config.openai.imageModel, config.openai.textModel] : [model]),
      ...calls.map((c) => c.model),
    ]),
  ].filter((m) => !priceTable[m])
  for (const m of unpriced) {
    recommendations.push(
      `The model ${m} has no known price: its calls are counted at the highest price of ${label}'s models. Add it to the price table in src/server/ai/config.ts.`,
    )
  }
  const outcomes = new Set(calls.map((c) => c.outcome))
  if (outcomes.has('invalid_output')) {
    recommendations.push(
      'Some answers failed our checks: a low temperature (0.1-0.2) gives steadier structured output.',
    )
  }
  if (outcomes.has('rate_limited'))
    recommendations.push('Requests were rate-limited: space out bulk generation or raise the plan limit.')
  if (outcomes.has('timeout')) recommendations.push('Some calls timed out: a smaller model answers faster.')
  if (service === 'perplexity' && ok.length && ok.reduce((s, c) => s + Number(c.cost), 0) / ok.length > 0.02) {
    recommendations.push('Calls cost more than $0.02 each: a small model (perplexity/sonar) keeps news cheap.')
  }
  if (service === 'perplexity') {
    recommendations.push("For breaking news, a recency filter of 'day' keeps the search to the last 24 hours.")
  }

  const order: Health[] = ['healthy', 'warning', 'error']
  const overallStatus = services.reduce<Health>(
    (worst, s) => (order.indexOf(s.status) > order.indexOf(worst) ? s.status : worst),
    'healthy',
  )

  return {
    overallStatus,
    services,
    recentErrors: errors.map((e) => ({
      service: label,
      error: `${e.feature}: ${e.error ?? e.outcome}`,
      timestamp: e.createdAt.toISOString(),
    })),
    recommendations,
    usage: {
      last24Hours: {
        totalRequests: calls.length,
        totalTokens: calls.reduce((s, c) => s + c.totalTokens, 0),
        totalCost: round(calls.reduce((s, c) => s + Number(c.cost), 0)),
      },
      byFeature: group(calls, (c) => c.feature),
      ...(service === 'perplexity' ? { byModel: group(calls, (c) => c.model) } : {}),
    },
    lastUpdated: now.toISOString(),
  }
}
