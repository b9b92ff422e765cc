import { z } from 'zod'

/** How many articles one bulk action takes: the list's page (20) with room to spare. */
export const BULK_NEWS_MAX = 100

export const bulkNewsMessages = {
  body: 'Please choose an action and at least one article.',
  action: 'The action must be publish, draft or delete.',
  ids: 'Please choose at least one article.',
  tooMany: `Please choose at most ${BULK_NEWS_MAX} articles at a time.`,
} as const

/** POST /api/admin/news/bulk: one action for the articles chosen in the News tab's list (decision 0513). */
export const bulkNewsBody = z.object(
  {
    action: z.enum(['publish', 'draft', 'delete'], { message: bulkNewsMessages.action }),
    ids: z
      .array(z.number({ message: bulkNewsMessages.ids }).int(bulkNewsMessages.ids).positive(bulkNewsMessages.ids), {
        message: bulkNewsMessages.ids,
      })
      .min(1, bulkNewsMessages.ids)
      .max(BULK_NEWS_MAX, bulkNewsMessages.tooMany)
      .transform((ids) => [...new Set(ids)]),
  },
  { message: bulkNewsMessages.body },
)

export type BulkNewsBody = z.input<typeof bulkNewsBody>
