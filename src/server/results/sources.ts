import { eq, sql } from 'drizzle-orm'
import type { PointsSystem } from '../../lib/race-points.ts'
import { JOLPICA_NAME, type StandingsSource } from '../../lib/standings-source.ts'
import { db } from '../db/client.ts'
import { standingsRows, standingsSets } from '../db/schema.ts'
import { jolpicaDriverStandings, type OfficialStandings } from '../external/jolpica.ts'
import { ApiError, badRequest, notFound } from '../http/errors.ts'
import {
  findStandingsSetByName,
  getStandingsSet,
  writeStandingsTable,
  type StandingsSet,
} from '../repos/standings.repo.ts'
import { keepRevision, readVersion, type ChangeBy } from '../revisions/keep.ts'
import { recomputeResultsTable } from './recompute.ts'
import type { ExternalConfig } from '../external/config.ts'
import { markChanged } from '../cdn/outbox.ts'

export interface SourceChoice {
  championshipName: string
  source: StandingsSource
  /** Jolpica-F1: the series ('f1') and season ('current' or a year). */
  series?: string
  sourceSeason?: string
  /** Race results: how the rounds are scored, and the season's name and length. */
  pointsSystem?: PointsSystem
  season?: string
  totalRounds?: number | null
  /** Race results: the one class counted, or null for every car. */
  carClass?: string | null
}

const readOfficial = async (external: ExternalConfig, series: string, season: string): Promise<OfficialStandings> => {
  try {
    return await jolpicaDriverStandings(external, series, season)
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.status, `${error.message}. Nothing was changed.`)
    throw error
  }
}

const officialTable = (official: OfficialStandings) => ({
  season: official.season,
  completedRounds: official.completedRounds,
  totalRounds: official.totalRounds,
  sourceUrls: [official.url],
  standings: official.standings.map(({ wins: _wins, ...row }) => row),
})

/**
 * Gives the championship of this name its source (docs/decisions/0420), creating it at the end of
 * the list when there is none: 'jolpica' reads the official table at once (a failure changes
 * nothing), 'results' computes the table from the rounds imported into it, 'ai' hands it back to
 * the AI generator (its table stays until the next generation). A change of an existing
 * championship keeps the version it replaces. Answers the set and whether it was created.
 */
export async function setChampionshipSource(
  external: ExternalConfig,
  choice: SourceChoice,
  now = new Date(),
  by: ChangeBy = {},
): Promise<{ set: StandingsSet; created: boolean }> {
  const name = choice.championshipName.trim()
  const existing = await findStandingsSetByName(name)
  if (!existing && choice.source === 'ai') {
    throw badRequest('An AI-generated championship is started with Generate Standings.')
  }
  const official =
    choice.source === 'jolpica'
      ? await readOfficial(external, choice.series ?? 'f1', choice.sourceSeason ?? 'current')
      : undefined
  const fields = {
    source: choice.source,
    sourceSeries: choice.source === 'jolpica' ? (choice.series ?? 'f1') : null,
    sourceSeason: choice.source === 'jolpica' ? (choice.sourceSeason ?? 'current') : null,
    pointsSystem: choice.source === 'results' ? (choice.pointsSystem ?? null) : null,
    carClass: choice.source === 'results' ? (choice.carClass ?? null) : null,
    ...(choice.season ? { season: choice.season } : {}),
    ...(choice.totalRounds !== undefined ? { totalRounds: choice.totalRounds } : {}),
  }
  if (choice.source === 'results' && !fields.pointsSystem) throw badRequest('Please choose a points system.')
  const summary =
    choice.source === 'jolpica'
      ? `Now from official results (${JOLPICA_NAME})`
      : choice.source === 'results'
        ? 'Now from race results'
        : 'Now AI-generated'

  const id = await db().transaction(async (tx) => {
    await markChanged(tx, ['standings'])
    if (existing) {
      const replaced = await readVersion(tx, 'standings', existing.id)
      if (!replaced) throw notFound('Championship standings not found')
      await tx.update(standingsSets).set(fields).where(eq(standingsSets.id, existing.id))
      const change = { actor: by.actor ?? 'admin', summary: by.summary ?? summary }
      if (official) await writeStandingsTable(tx, existing.id, officialTable(official), now, change, replaced)
      else if (choice.source === 'results') await recomputeResultsTable(tx, existing.id, now, change, replaced)
      else {
        const after = await readVersion(tx, 'standings', existing.id)
        await keepRevision(tx, {
          entity: 'standings',
          id: existing.id,
          action: 'update',
          before: replaced,
          after,
          by: change,
        })
      }
      return existing.id
    }
    const [last] = await tx.select({ max: sql<number | null>`max(${standingsSets.displayOrder})` }).from(standingsSets)
    const table = official ? officialTable(official) : { standings: [] }
    const { standings, ...facts } = table
    const [created] = await tx
      .insert(standingsSets)
      .values({
        championshipName: name,
        ...fields,
        ...facts,
        ...(official ? {} : { completedRounds: 0 }),
        lastUpdated: now,
        displayOrder: (last?.max ?? 0) + 1,
      })
      .returning({ id: standingsSets.id })
    if (standings.length) {
      await tx
        .insert(standingsRows)
        .values(standings.map((row, rowIndex) => ({ ...row, setId: created!.id, rowIndex })))
    }
    return created!.id
  })
  return { set: (await getStandingsSet(id))!, created: !existing }
}

/**
 * Reads a championship's table again from its own source: Jolpica-F1 for official results (a
 * failure keeps the last table and says so), the imported rounds for race results. An AI table is
 * refreshed by the AI generator, not here (400).
 */
export async function refreshFromSource(
  external: ExternalConfig,
  id: number,
  now = new Date(),
  by: ChangeBy = {},
): Promise<StandingsSet> {
  const set = await getStandingsSet(id)
  if (!set) throw notFound('Championship standings not found')
  if (set.source === 'ai') {
    throw badRequest(
      `${set.championshipName} standings are AI-generated: Generate Standings or Refresh All Standings refreshes them.`,
    )
  }
  if (set.source === 'jolpica') {
    let official: OfficialStandings
    try {
      official = await jolpicaDriverStandings(external, set.sourceSeries ?? 'f1', set.sourceSeason ?? 'current')
    } catch (error) {
      if (error instanceof ApiError) throw new ApiError(error.status, `${error.message}; the last table was kept.`)
      throw error
    }
    await db().transaction((tx) =>
      writeStandingsTable(tx, id, officialTable(official), now, {
        actor: by.actor ?? 'admin',
        summary: by.summary ?? `Read from ${JOLPICA_NAME}`,
      }),
    )
  } else {
    await db().transaction((tx) =>
      recomputeResultsTable(tx, id, now, {
        actor: by.actor ?? 'admin',
        summary: by.summary ?? 'Recomputed from race results',
      }),
    )
  }
  return (await getStandingsSet(id))!
}
