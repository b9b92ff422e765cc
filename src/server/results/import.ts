import { createHash } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { PanelTime } from '../../lib/panel-time.ts'
import { ownerTime } from '../repos/site-settings.repo.ts'
import { sessionFingerprint } from '../../lib/results/classify.ts'
import { parseResultFile, ResultFileError } from '../../lib/results/parse.ts'
import { formatLabels, sessionTypeLabels, type ParsedSession, type SessionType } from '../../lib/results/types.ts'
import { sessionWinner } from '../../lib/results/winner.ts'
import { sourceLabel } from '../../lib/standings-source.ts'
import { db } from '../db/client.ts'
import { standingsRows, standingsSets } from '../db/schema.ts'
import { emitSiteEvent } from '../events/site-events.ts'
import { ApiError, badRequest, notFound } from '../http/errors.ts'
import { driverQuestions, DriverChoiceError, withDriverChoices, type DriverChoice } from '../../lib/race-drivers.ts'
import {
  findDuplicateSession,
  insertSession,
  sessionsOfSet,
  type ImportedSession,
} from '../repos/race-sessions.repo.ts'
import { readVersion, type ChangeBy, type Tx } from '../revisions/keep.ts'
import { recomputeResultsTable } from './recompute.ts'

export const fileHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The content key of a session: the SHA-256 of what it is, whatever bytes carried it (docs/decisions/0424). */
export const sessionKeyOf = (session: ParsedSession) =>
  createHash('sha256').update(sessionFingerprint(session)).digest('hex')

/** What makes a file a duplicate: its bytes, and the session it holds. */
export const duplicateKeys = (bytes: Uint8Array, session: ParsedSession) => ({
  fileHash: fileHash(bytes),
  sessionKey: sessionKeyOf(session),
})

/** A result file read, or a 400 whose message says what is wrong with it. */
export function readResultFile(bytes: Uint8Array, fileName: string, now = new Date()): ParsedSession {
  try {
    return parseResultFile(bytes, { fileName, now })
  } catch (error) {
    if (error instanceof ResultFileError) throw badRequest(error.message)
    throw error
  }
}

const sessionName = (s: Pick<ImportedSession, 'track' | 'sessionType'>) =>
  `${s.track} ${sessionTypeLabels[s.sessionType as SessionType]?.toLowerCase() ?? s.sessionType}`

/**
 * Why a file cannot be imported again: when it was, and where it counts. The same bytes are 'this
 * result file'; the same race in other bytes (re-saved in another encoding, a newline added) names
 * the file it came in.
 */
export function duplicateMessage(
  existing: ImportedSession & { fileHash?: string },
  hash: string,
  time: PanelTime,
): string {
  const where =
    existing.championshipName && existing.round !== null
      ? `round ${existing.round} of ${existing.championshipName}`
      : 'now in no championship; delete it under Imported Sessions to import it again'
  const what =
    existing.fileHash === hash
      ? 'This result file was already imported'
      : `This race was already imported from ${existing.fileName ? `"${existing.fileName}"` : 'another file'}`
  return `${what} on ${time.dateTime(existing.importedAt)} (${sessionName(existing)}, ${where}). Nothing was changed.`
}

export interface ImportInput {
  bytes: Uint8Array
  fileName: string
  championshipId: number
  round: number
  /** Who each driver of an ambiguous name is; the preview's suggestions where absent. */
  drivers?: DriverChoice[]
  now?: Date
  by?: ChangeBy
}

export interface ImportOutcome {
  sessionId: number
  championshipId: number
  championshipName: string
  round: number
  format: string
  sessionType: string
  track: string
  cars: number
  laps: number
}

/**
 * Imports a result file into a results championship, in the caller's transaction: the session and
 * its valid laps are stored, the personal bests marked again, and the championship's table
 * computed again from all its rounds (the version it replaces kept, by the owner unless `by`
 * says otherwise). Refused, with nothing changed: a file that cannot be read (400), a championship
 * that does not exist (404) or is not built from race results (400), a file already imported (409).
 */
export async function importParsedSession(
  tx: Tx,
  input: Omit<ImportInput, 'bytes'> & { session: ParsedSession; keys: { fileHash: string; sessionKey: string } },
): Promise<ImportOutcome> {
  const now = input.now ?? new Date()
  const [set] = await tx.select().from(standingsSets).where(eq(standingsSets.id, input.championshipId)).for('update')
  if (!set) throw notFound('Championship not found')
  if (set.source !== 'results') {
    const label = sourceLabel(set)
    throw badRequest(
      `Race results can be imported only into a championship built from race results; ${set.championshipName} is ${label.title === 'AI-generated' ? 'AI-generated' : `from ${label.title.toLowerCase()}`}.`,
    )
  }
  const existing = await findDuplicateSession(tx, input.keys)
  if (existing) throw new ApiError(409, duplicateMessage(existing, input.keys.fileHash, await ownerTime(tx)))
  const replaced = await readVersion(tx, 'standings', set.id)
  const s = { ...input.session, classification: await identifiedDrivers(tx, set.id, input.session, input.drivers) }
  const { id, laps } = await insertSession(tx, {
    setId: set.id,
    round: input.round,
    ...input.keys,
    fileName: input.fileName,
    session: s,
  })
  await recomputeResultsTable(
    tx,
    set.id,
    now,
    {
      actor: input.by?.actor ?? 'admin',
      summary:
        input.by?.summary ??
        `Imported round ${input.round}: ${s.track} ${sessionTypeLabels[s.sessionType].toLowerCase()} (${formatLabels[s.format]})`,
    },
    replaced,
  )
  // The channels announce the winner and the table's leader; the webhooks pass it on (decision 0860).
  const [leader] = await tx
    .select({ driverName: standingsRows.driverName, points: standingsRows.points })
    .from(standingsRows)
    .where(eq(standingsRows.setId, set.id))
    .orderBy(asc(standingsRows.rowIndex))
    .limit(1)
  const winner = sessionWinner(s.classification, set.carClass)
  await emitSiteEvent(tx, {
    kind: 'results.imported',
    subject: `championship:${set.id}`,
    data: {
      sessionId: id,
      championshipId: set.id,
      championship: set.championshipName,
      round: input.round,
      track: s.track,
      sessionType: s.sessionType,
      winner: winner?.names ?? null,
      leader: leader ? { name: leader.driverName, points: leader.points } : null,
    },
  })
  return {
    sessionId: id,
    championshipId: set.id,
    championshipName: set.championshipName,
    round: input.round,
    format: s.format,
    sessionType: s.sessionType,
    track: s.track,
    cars: s.classification.length,
    laps,
  }
}

/** What the preview asks the owner about the drivers of ambiguous names, for one championship (0426). */
export async function driverQuestionsFor(tx: Tx, setId: number | undefined, session: ParsedSession) {
  const earlier = setId === undefined ? [] : await sessionsOfSet(tx, setId)
  return driverQuestions(session.classification, earlier)
}

/** The session's classification with each ambiguous driver told apart as the owner chose. */
async function identifiedDrivers(tx: Tx, setId: number, session: ParsedSession, choices?: DriverChoice[]) {
  const earlier = await sessionsOfSet(tx, setId)
  try {
    return withDriverChoices(session.classification, driverQuestions(session.classification, earlier), choices, earlier)
  } catch (error) {
    if (error instanceof DriverChoiceError) throw badRequest(error.message)
    throw error
  }
}

/** Reads and imports a file in one transaction (the admin's import, the command, the demo). */
export async function importResultFile(input: ImportInput, tx?: Tx): Promise<ImportOutcome> {
  const session = readResultFile(input.bytes, input.fileName, input.now)
  const keys = duplicateKeys(input.bytes, session)
  const run = (t: Tx) => importParsedSession(t, { ...input, session, keys })
  return tx ? run(tx) : db().transaction(run)
}
