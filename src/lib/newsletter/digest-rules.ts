/**
 * The rules of a digest (docs/decisions/0802), pure so that they are tested on their own: which
 * articles it carries and what its subject says.
 */
const DAY_MS = 86_400_000

/** The most articles one digest lists; more than that and the email only says how many more there are. */
export const DIGEST_MAX_ARTICLES = 12

export type DigestFrequency = 'weekly' | 'daily'

export const periodLength = (frequency: DigestFrequency) => (frequency === 'weekly' ? 7 : 1) * DAY_MS

/**
 * The articles a digest made at `now` carries are those published after the start and at or before
 * `now`: the week (or day) before, but never one the last digest already carried (its period's end).
 */
export function digestPeriod(
  previousEnd: Date | null | undefined,
  now: Date,
  frequency: DigestFrequency,
): { start: Date; end: Date } {
  const oneBack = now.getTime() - periodLength(frequency)
  const start = previousEnd && previousEnd.getTime() > oneBack ? previousEnd.getTime() : oneBack
  return { start: new Date(Math.min(start, now.getTime())), end: now }
}

const SITE = 'SimRacing Hub'

/** 'SimRacing Hub weekly: Verstappen wins in Abu Dhabi, and 3 more' (a title cut at 90 characters). */
export function digestSubject(titles: readonly string[], frequency: DigestFrequency): string {
  const first = (titles[0] ?? '').replace(/\s+/g, ' ').trim()
  const cut = first.length > 90 ? `${first.slice(0, 89).trimEnd()}…` : first
  const more = titles.length > 1 ? `, and ${titles.length - 1} more` : ''
  return `${SITE} ${frequency}: ${cut}${more}`
}
