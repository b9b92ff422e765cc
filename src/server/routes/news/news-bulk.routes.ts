import { Hono } from 'hono'
import { bulkNewsBody, bulkNewsMessages } from '../../../lib/forms/news-bulk.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { notFound } from '../../http/errors.ts'
import { jsonBody } from '../../http/validate.ts'
import { bulkNews } from '../../repos/news-bulk.repo.ts'

const verbs = { publish: 'Published', draft: 'Moved back to draft', delete: 'Deleted' } as const

/** The titles a summary names, short enough for the audit log. */
const titles = (changed: { title: string }[]) => {
  const named = changed.slice(0, 5).map((a) => `"${a.title.slice(0, 60)}"`)
  return changed.length > 5 ? `${named.join(', ')} and ${changed.length - 5} more` : named.join(', ')
}

/**
 * POST /api/admin/news/bulk { action: publish | draft | delete, ids }: the News tab's bulk actions,
 * all or nothing (src/server/repos/news-bulk.repo.ts). An unknown id refuses the whole call (404)
 * and changes nothing. The pages are purged only when the public list changed (decision 0700).
 */
export const newsBulkRoutes = new Hono().post(
  '/news/bulk',
  jsonBody(bulkNewsBody, bulkNewsMessages.body),
  async (c) => {
    const { action, ids } = c.req.valid('json')
    const result = await bulkNews(action, ids)
    if ('missing' in result) throw notFound(`Article not found: ${result.missing.join(', ')}`)
    const { changed } = result
    const n = changed.length
    recordWrite(c, {
      entity: 'news',
      id: null,
      summary: n
        ? `${verbs[action]} ${n} article${n === 1 ? '' : 's'}: ${titles(changed)}`
        : `${verbs[action]} no article`,
    })
    return c.json({ action, ids: changed.map((a) => a.id), changed: n })
  },
)
