import { Hono } from 'hono'
import { z } from 'zod'
import { revisionEntities, type RevisionEntity } from '../../../lib/revisions.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { noStore } from '../../http/cache.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { idParams, queryParams } from '../../http/validate.ts'
import {
  getRevisionChanges,
  getRevisionVersion,
  listDeleted,
  listRevisions,
  recordExists,
} from '../../repos/revisions.repo.ts'
import { restoreRevision, versionNotFound } from '../../revisions/restore.ts'

const entityMessage = `The record type must be one of: ${revisionEntities.join(', ')}.`
const entitySchema = z.enum(revisionEntities, { message: entityMessage })

function parseEntity(value: string | undefined): RevisionEntity {
  const result = entitySchema.safeParse(value)
  if (!result.success) throw badRequest(entityMessage)
  return result.data
}

const deletedQuery = z.object({ entity: entitySchema.optional() })

/**
 * Revision history (issue 18), mounted at /api/admin/revisions: admin only, like every route not
 * listed as public (src/server/auth/guard.ts). Versions are kept by the repositories when a record
 * is changed or deleted (src/server/revisions).
 */
export const revisionsRoutes = new Hono()
  .use(noStore())
  /** Records deleted lately and still gone, newest first; ?entity=game narrows to one kind. */
  .get('/deleted', queryParams(deletedQuery), async (c) => c.json(await listDeleted(c.req.valid('query').entity)))
  /**
   * What one version's change did, field by field, read when the owner opens it in the History
   * (issue 31): compared within DIFF_TIME_MS and cut to SHOWN_CHARS a field (src/lib/revision-diff.ts).
   * Before '/:entity/:id', which the same path would match.
   */
  .get('/:id/changes', idParams(), async (c) => {
    const changes = await getRevisionChanges(c.req.valid('param').id)
    if (!changes) throw notFound(versionNotFound)
    return c.json(changes)
  })
  /** One record's versions, newest first: summaries, without what each change did. */
  .get('/:entity/:id', idParams(), async (c) => {
    const entity = parseEntity(c.req.param('entity'))
    const id = c.req.valid('param').id
    const versions = await listRevisions(entity, id)
    if (versions.length === 0 && !(await recordExists(entity, id))) throw notFound('Record not found')
    return c.json(versions)
  })
  /** One version whole, in words: the History's preview before a restore. */
  .get('/:id', idParams(), async (c) => {
    const version = await getRevisionVersion(c.req.valid('param').id)
    if (!version) throw notFound(versionNotFound)
    return c.json(version)
  })
  /** Puts the record back as it was in this version (a deleted record comes back with its id). */
  .post('/:id/restore', idParams(), async (c) => {
    const restored = await restoreRevision(c.req.valid('param').id)
    recordWrite(c, {
      entity: restored.entity,
      id: restored.id,
      summary: `Restored ${restored.entity} "${restored.name}"`,
    })
    return c.json(restored, 200)
  })
