import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'

const key = ['admin', 'ai-settings'] as const

/** The saved prompts of the AI news generator (GET /api/admin/ai-settings). */
export const useAiSettings = () => useQuery({ queryKey: key, queryFn: () => unwrap(api.admin['ai-settings'].$get()) })

/** POST /api/admin/ai-settings; a generation with prompts saves them too (server side). */
export function useSaveAiSettings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: { contentPrompt: string; focusPrompt: string }) =>
      unwrap(api.admin['ai-settings'].$post({ json })),
    onSuccess: (settings) => client.setQueryData(key, settings),
  })
}

export const aiSettingsKey = key
