import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { listAdminNews } from '../news/use-news.ts'
import { refresh } from '../shared/refresh.ts'

/**
 * Query hooks of the AI parts of the admin panel, on the typed client. The panel's QueryClient
 * carries the spec's defaults (no retry, no refetch on focus, never stale); polling is turned on
 * here only while a job runs, and for the diagnostics' auto refresh.
 */
export const aiKeys = {
  jobs: ['admin', 'jobs'] as const,
  job: (id: number) => ['admin', 'jobs', id] as const,
  diagnostic: (service: AiServiceName) => ['admin', 'diagnostic', service] as const,
  schedulerRuns: ['admin', 'scheduler', 'runs'] as const,
  standings: ['championships-standings'] as const,
  /** The News tab's list (src/components/admin/news/use-news.ts): drafts included. */
  news: ['news'] as const,
}

export type AiServiceName = 'openai' | 'perplexity'

/** Which AI services have a key (read once per panel session: keys change only with a redeploy). */
export function useAiStatus() {
  return useQuery({ queryKey: ['admin', 'ai-status'], queryFn: () => unwrap(api.admin['ai-status'].$get()) })
}

/** How often the progress banner re-reads the jobs while one is active. */
export const JOB_POLL_MS = 2_000

export function useJobs() {
  return useQuery({
    queryKey: aiKeys.jobs,
    queryFn: () => unwrap(api.admin.jobs.$get()),
    refetchInterval: (query) => ((query.state.data?.active.length ?? 0) > 0 ? JOB_POLL_MS : false),
  })
}

export type JobSummary = NonNullable<ReturnType<typeof useJobs>['data']>['recent'][number]

export function useDiagnostic(service: AiServiceName, autoRefreshMs: number | false) {
  return useQuery({
    queryKey: aiKeys.diagnostic(service),
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

export function useAiTool(service: AiServiceName) {
  const client = useQueryClient()
  const rerun = () => refresh(client, aiKeys.diagnostic(service))
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

export function useGenerateStandings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (championshipName: string) =>
      unwrap(api.admin['generate-championship-standings'].$post({ json: { championshipName, numberOfDrivers: 10 } })),
    onSuccess: () => refresh(client, aiKeys.standings),
  })
}

/** Starts a job and lets the banner pick it up at once. */
function useStartJob<V>(start: (vars: V) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: start, onSuccess: () => refresh(client, aiKeys.jobs) })
}

export const useRefreshAllStandings = () => useStartJob(() => unwrap(api.admin['refresh-all-standings'].$post()))
export const useRefreshAllNews = () => useStartJob(() => unwrap(api.admin['refresh-all-news'].$post()))

export interface NewsForm {
  championshipName: string
  contentType: 'motorsport' | 'e-sports'
  wordCount: number
  contentPrompt: string
  focusPrompt: string
}

export function useGenerateNews() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (form: NewsForm) => unwrap(api.admin['generate-championship-news'].$post({ json: form })),
    onSuccess: () => refresh(client, aiKeys.news),
  })
}

/** Auto-format (spec 001): plain text in, sanitized HTML out. */
export const useFormatContent = () =>
  useMutation({
    mutationFn: (content: string) => unwrap(api.admin['format-news-content'].$post({ json: { content } })),
  })

/** An AI image for one article, stored in Blobs; the article answers with its new imageUrl. */
export function useGenerateNewsImage() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.admin['generate-news-image'][':id'].$post({ param: { id: String(id) }, json: {} })),
    onSuccess: () => refresh(client, aiKeys.news),
  })
}

export const useBulkNews = () =>
  useStartJob((form: Omit<NewsForm, 'championshipName'> & { championships: string[] }) =>
    unwrap(api.admin['generate-bulk-championship-news'].$post({ json: form })),
  )

export function useSchedulerRuns() {
  return useQuery({ queryKey: aiKeys.schedulerRuns, queryFn: () => unwrap(api.admin.scheduler.runs.$get()) })
}

export function useRunTestNow() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.admin.scheduler['test-now'].$post()),
    onSuccess: () => {
      void refresh(client, aiKeys.schedulerRuns)
      void refresh(client, aiKeys.jobs)
    },
  })
}

export function usePublishNews() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => unwrap(api.admin.news[':id'].publish.$post({ param: { id: String(id) } })),
    onSuccess: () => refresh(client, aiKeys.news),
  })
}

/** The News tab's review list: AI drafts awaiting the owner (from the admin list, drafts included). */
export function useDrafts() {
  return useQuery({
    queryKey: aiKeys.news,
    queryFn: listAdminNews,
    select: (articles) => articles.filter((a) => a.status === 'draft'),
  })
}
