import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'

export type AiServiceName = 'openai' | 'perplexity'

/** Which AI services have a key (read once per panel session: keys change only with a redeploy). */
export function useAiStatus() {
  return useQuery({ queryKey: ['admin', 'ai-status'], queryFn: () => unwrap(api.admin['ai-status'].$get()) })
}
