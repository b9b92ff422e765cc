import { atom } from 'nanostores'
import { getJson } from '../../../lib/api-client.ts'
import type { AdminPublishStatus } from './types.ts'
import { isUnauthorized, markSessionExpired } from './session.ts'

/** The site's publish state, shown in the shell's header (pending / building / live). */
export const $publishStatus = atom<AdminPublishStatus | null>(null)

export const PUBLISH_POLL_MS = 5000

export async function refreshPublishStatus(): Promise<void> {
  try {
    $publishStatus.set(await getJson<AdminPublishStatus>('/api/admin/publish-status'))
  } catch (error) {
    if (isUnauthorized(error)) markSessionExpired()
  }
}

/** Polls while the panel is open; answers the stop function. */
export function pollPublishStatus(): () => void {
  void refreshPublishStatus()
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible') void refreshPublishStatus()
  }, PUBLISH_POLL_MS)
  return () => clearInterval(timer)
}
