import type { RevisionEntity } from '../../lib/revisions.ts'
import { articleEventKind } from '../../lib/site-events.ts'
import { markChanged, shownFieldsDiffer, tagsOfChange } from '../cdn/outbox.ts'
import { emitSiteEvent, type EventTx } from './site-events.ts'

type Version = Record<string, unknown> | undefined

/**
 * A change of a versioned record (src/server/revisions/keep.ts): the purge it owes, and, for an
 * article, the event it is for the public site (published, updated, deleted).
 */
export async function noteChange(
  tx: EventTx,
  entity: RevisionEntity,
  id: number,
  before: Version,
  after: Version,
): Promise<void> {
  await markChanged(tx, tagsOfChange(entity, id, before, after))
  if (entity !== 'news') return
  const shown = before !== undefined && after !== undefined ? shownFieldsDiffer(before, after) : true
  const kind = articleEventKind(before, after, shown)
  if (!kind) return
  const article = (after ?? before)!
  await emitSiteEvent(tx, {
    kind,
    subject: `article:${id}`,
    // The slug: a receiver is sent the article's address (src/server/features/channels/webhooks.repo.ts).
    data: { id, title: article.title, category: article.category, slug: article.slug ?? null },
  })
}
