import { Hono } from 'hono'
import { z } from 'zod'
import { importMessage, raceImportContract } from '../../../lib/forms/championship-source.ts'
import { formatLabels, sessionTypeLabels } from '../../../lib/results/types.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { db } from '../../db/client.ts'
import { noStore } from '../../http/cache.ts'
import { chunkBody } from '../../http/chunk-body.ts'
import { notFound } from '../../http/errors.ts'
import { optionalText } from '../../http/fields.ts'
import { idParams, jsonBody, queryParams } from '../../http/validate.ts'
import {
  deleteSession,
  findDuplicateSession,
  findSession,
  listImportedSessions,
} from '../../repos/race-sessions.repo.ts'
import { readVersion } from '../../revisions/keep.ts'
import { driverQuestionsFor, duplicateKeys, importResultFile, readResultFile } from '../../results/import.ts'
import { previewOf } from '../../results/preview.ts'
import { recomputeResultsTable } from '../../results/recompute.ts'
import { ownerTime } from '../../repos/site-settings.repo.ts'
import {
  MAX_RESULT_FILE_BYTES,
  MAX_RESULT_FILE_CHUNKS,
  RESULT_UPLOAD_KEPT_MS,
  resultFileTooLarge,
  resultUploads,
} from '../../results/uploads.ts'

const openMessage = 'size must be the result file size in bytes.'
const openBody = z.object(
  { size: z.number({ message: openMessage }).int(openMessage).min(1, 'The file is empty.') },
  { message: openMessage },
)
const previewQuery = z.object({
  fileName: optionalText(255, 'The file name').optional(),
  // The championship it is meant for: the preview then asks who the drivers of ambiguous names are.
  championshipId: z.coerce
    .number({ message: 'championshipId must be a championship id.' })
    .int('championshipId must be a championship id.')
    .min(1, 'championshipId must be a championship id.')
    .max(2_147_483_647, 'championshipId must be a championship id.')
    .optional(),
})

/** What an import changes on the public site: a championship's table and the lap records. */

/**
 * Race result files (docs/decisions/0421), under /api/admin/race-results: the chunked upload
 * (POST /uploads {size}, PUT /uploads/:id/chunks/:index, DELETE /uploads/:id), the preview of what
 * the file holds (GET /uploads/:id/preview), the import into a championship's round
 * (POST /uploads/:id/import), and the sessions imported so far (GET /, DELETE /:id).
 */
export const raceResultsRoutes = new Hono()
  .use(noStore())
  .get('/', async (c) => c.json(await listImportedSessions()))
  .post('/uploads', jsonBody(openBody, openMessage), async (c) => {
    const { size } = c.req.valid('json')
    if (size > MAX_RESULT_FILE_BYTES) throw resultFileTooLarge()
    const now = new Date()
    await resultUploads(c.var.platform.blobs).removeOpenedBefore(new Date(now.getTime() - RESULT_UPLOAD_KEPT_MS))
    const { id, chunkSize, chunks } = await resultUploads(c.var.platform.blobs).open(size, now)
    return c.json({ id, chunkSize, chunks }, 201)
  })
  .put('/uploads/:id/chunks/:index', async (c) => {
    const { index, bytes } = await chunkBody(c, MAX_RESULT_FILE_CHUNKS)
    await resultUploads(c.var.platform.blobs).put(c.req.param('id'), index, bytes)
    return c.json({ received: index })
  })
  .get('/uploads/:id/preview', queryParams(previewQuery), async (c) => {
    const bytes = await resultUploads(c.var.platform.blobs).read(c.req.param('id'))
    const { fileName = '', championshipId } = c.req.valid('query')
    const session = readResultFile(bytes, fileName)
    const keys = duplicateKeys(bytes, session)
    const duplicate = await findDuplicateSession(db(), keys)
    return c.json({
      ...previewOf(session, duplicate && { existing: duplicate, fileHash: keys.fileHash }, await ownerTime()),
      drivers: await driverQuestionsFor(db(), championshipId, session),
    })
  })
  .post('/uploads/:id/import', jsonBody(raceImportContract.schema, importMessage), async (c) => {
    const id = c.req.param('id')
    const { championshipId, round, fileName, drivers } = c.req.valid('json')
    const bytes = await resultUploads(c.var.platform.blobs).read(id)
    const outcome = await importResultFile({ bytes, fileName: fileName ?? '', championshipId, round, drivers })
    await resultUploads(c.var.platform.blobs).remove(id)
    recordWrite(c, {
      entity: 'standings',
      id: outcome.championshipId,
      summary: `Imported ${outcome.track} ${sessionTypeLabels[outcome.sessionType as keyof typeof sessionTypeLabels].toLowerCase()} (${formatLabels[outcome.format as keyof typeof formatLabels]}) as round ${round} of ${outcome.championshipName}`,
    })
    return c.json(outcome, 201)
  })
  .delete('/uploads/:id', async (c) => {
    await resultUploads(c.var.platform.blobs).remove(c.req.param('id'))
    return c.json({ deleted: true })
  })
  /** Removes an imported session and its laps; its championship's table is computed again. */
  .delete('/:id', idParams(), async (c) => {
    const { id } = c.req.valid('param')
    const removed = await db().transaction(async (tx) => {
      const session = await findSession(tx, id)
      if (!session) return undefined
      const replaced = session.setId !== null ? await readVersion(tx, 'standings', session.setId) : undefined
      await deleteSession(tx, id)
      if (session.setId !== null) {
        await recomputeResultsTable(
          tx,
          session.setId,
          new Date(),
          { summary: `Removed round ${session.round}: ${session.track} ${session.sessionType}` },
          replaced,
        )
      }
      return session
    })
    if (!removed) throw notFound('Imported session not found')
    recordWrite(c, {
      entity: 'race-session',
      id,
      summary: `Deleted the imported ${removed.track} ${removed.sessionType} (${removed.fileName || 'no file name'})`,
    })
    return c.json({ id, deleted: true })
  })
