import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import type { AiServiceName } from '../shared/ai-status.ts'
import { refresh } from '../shared/refresh.ts'

const diagnosticKey = (service: AiServiceName) => ['admin', 'diagnostic', service] as const

/** One service's report; `autoRefreshMs` repeats it (spec 001: every 30 s when Auto Refresh is on). */
export function useDiagnostic(service: AiServiceName, autoRefreshMs: number | false) {
  return useQuery({
    queryKey: diagnosticKey(service),
    queryFn: async () =>
      service === 'openai'
        ? normalizeOpenAi(await unwrap(api.admin.openai.diagnostic.$get()))
        : unwrap(api.admin.perplexity.diagnostic.$get()),
    refetchInterval: autoRefreshMs,
  })
}

/** OpenAI's report names its usage `tokenUsage` (spec 001 section 3); the panel reads one shape. */
function normalizeOpenAi<T extends { tokenUsage: unknown }>(report: T) {
  const { tokenUsage, ...rest } = report
  return { ...rest, usage: tokenUsage as DiagnosticUsage }
}

export interface UsageFigures {
  requests: number
  tokens: number
  cost: number
}
export interface DiagnosticUsage {
  last24Hours: { totalRequests: number; totalTokens: number; totalCost: number }
  byFeature: Record<string, UsageFigures>
  byModel?: Record<string, UsageFigures>
}

/** The Tools tab's calls; each re-runs the diagnostic afterwards (spec 001 section 7). */
export function useAiTool(service: AiServiceName) {
  const client = useQueryClient()
  const rerun = () => refresh(client, diagnosticKey(service))
  return {
    testNews: useMutation({
      mutationFn: () => unwrap(api.admin.perplexity['test-news'].$post({ json: { championship: 'Formula 1' } })),
      onSettled: rerun,
    }),
    testImage: useMutation({
      mutationFn: (prompt: string) => unwrap(api.admin.openai['test-image'].$post({ json: { prompt } })),
      onSettled: rerun,
    }),
    clearLogs: useMutation({
      mutationFn: () =>
        service === 'openai'
          ? unwrap(api.admin.openai['clear-logs'].$post())
          : unwrap(api.admin.perplexity['clear-logs'].$post()),
      onSettled: rerun,
    }),
  }
}
