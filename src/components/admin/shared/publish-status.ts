import { atom } from 'nanostores'
import { api, unwrap } from '../../../lib/api-client.ts'
import { isUnauthorized, markSessionExpired } from './session.ts'
import type { AdminPublishStatus } from './types.ts'

/** The site's publish state, shown in the shell's header (pending / building / live). */
export const $publishStatus = atom<AdminPublishStatus | null>(null)

export const PUBLISH_POLL_MS = 5000

export async function refreshPublishStatus(): Promise<void> {
  try {
    $publishStatus.set(await unwrap(api.admin['publish-status'].$get()))
  } catch (error) {
    if (isUnauthorized(error)) markSessionExpired()
  }
}

/** Polls while the panel is open (and the page visible); answers the stop function. */
export function pollPublishStatus(): () => void {
  void refreshPublishStatus()
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible') void refreshPublishStatus()
  }, PUBLISH_POLL_MS)
  return () => clearInterval(timer)
}
