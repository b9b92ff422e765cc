import { nextSlot, type Schedule } from '../schedule.ts'

/**
 * The weekly link check (docs/decisions/0853): Monday 03:00 UTC, a quiet hour for shops and for the
 * site. Shared by the scheduler (src/server/features/audience/link-check-job.ts) and the panel, which says when
 * the next one runs on the site's clock.
 */
export const LINK_CHECK_SCHEDULE: Schedule = { frequency: 'weekly', dayOfWeek: 1, hour: 3, minute: 0 }

/** When the next weekly check runs. */
export const nextLinkCheck = (now: Date): Date => nextSlot(LINK_CHECK_SCHEDULE, now)

/**
 * What a check says when no host at all answered (issue 45): every link failed to resolve or to
 * connect, which is this machine's network, not every shop gone at once. The links keep the status
 * of their last check; the run is recorded with these words.
 */
export const LINK_CHECK_UNREACHED =
  'Could not check: no shop or game website could be reached (no network?). The links keep their last status.'
