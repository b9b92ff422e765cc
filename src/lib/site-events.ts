/**
 * What happened to the public site, as the channels and the webhooks hear of it
 * (docs/decisions/0860). Pure: which event a change of an article is.
 */
export const siteEventKinds = [
  'article.published',
  'article.updated',
  'article.deleted',
  'results.imported',
  'standings.changed',
  'calendar.changed',
] as const

export type SiteEventKind = (typeof siteEventKinds)[number]

/** The owner's words for each, in the webhooks' event list. */
export const siteEventLabels: Record<SiteEventKind, string> = {
  'article.published': 'Article published',
  'article.updated': 'Article updated',
  'article.deleted': 'Article deleted',
  'results.imported': 'Race results imported',
  'standings.changed': 'Standings changed',
  'calendar.changed': 'Calendar changed',
}

export interface SiteEvent {
  kind: SiteEventKind
  /** 'article:12', 'championship:3', 'standings', 'calendar' */
  subject: string
  data: Record<string, unknown>
}

type ArticleVersion = { status?: unknown } | undefined

/**
 * The event a change of an article is, from the public site's side: it became public (created
 * published, a draft published, by hand or at its time, a deleted one restored), changed while
 * public (when something a reader sees changed: `shown`), or left it (deleted, or back to draft).
 * A draft's changes are no event.
 */
export function articleEventKind(
  before: ArticleVersion,
  after: ArticleVersion,
  shown: boolean,
): SiteEventKind | undefined {
  const was = before?.status === 'published'
  const is = after?.status === 'published'
  if (!was && is) return 'article.published'
  if (was && !is) return 'article.deleted'
  if (was && is && shown) return 'article.updated'
  return undefined
}
