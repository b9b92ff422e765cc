import { useId } from 'react'
import { useAiStatus, type AiServiceName } from './ai-status.ts'

const serviceLabel: Record<AiServiceName, string> = {
  perplexity: 'Perplexity (news and standings)',
  openai: 'OpenAI (images and formatting)',
}

/**
 * Whether `service` can be used, and the notice to show when it cannot: the demo runs without keys
 * and says so, instead of letting the owner click into a 503. The disabled buttons name the notice
 * (`aria-describedby={noticeId}`): the reason is written in their section, not only in a tooltip.
 */
export function useAiReady(service: AiServiceName): {
  ready: boolean
  notice: React.ReactNode
  noticeId: string | undefined
} {
  const id = useId()
  const status = useAiStatus()
  const entry = status.data?.[service]
  if (!entry || entry.configured) return { ready: Boolean(entry), notice: null, noticeId: undefined }
  return {
    ready: false,
    noticeId: id,
    notice: (
      <p id={id} role="note" className="rounded border border-amber-700 bg-amber-950/40 p-3 text-sm text-amber-100">
        AI is not configured: {serviceLabel[service]} needs <code>{entry.keyVariable}</code> in the site&apos;s
        environment (README, &quot;AI news, standings and images&quot;).
      </p>
    ),
  }
}
