import { jolpicaSeasonOf, officialSeriesOf } from '../../lib/official-series.ts'
import { standingsDifferences, type StandingsDifference } from '../../lib/standings-compare.ts'
import { ApiError } from '../http/errors.ts'
import type { ExternalConfig } from '../external/config.ts'
import { jolpicaDriverStandings, type OfficialStandings } from '../external/jolpica.ts'

/** What the owner sees before an AI table with an official counterpart is saved. */
export interface OfficialReview {
  series: string
  /** The official table, when it could be read. */
  official: OfficialStandings | null
  /** Why it could not be read (then there are no differences to show). */
  officialError: string | null
  readAt: string
  differences: StandingsDifference[]
}

/**
 * The AI table compared with the official one (docs/decisions/0420), or undefined when the
 * championship has no official source here (only Formula 1, through Jolpica-F1). A failure to read
 * the official table is reported, not thrown: the AI table is then the labelled fallback.
 */
export async function compareWithOfficial(
  external: ExternalConfig,
  table: {
    championshipName: string
    season: string
    standings: readonly { position: number; driverName: string; points: number }[]
  },
): Promise<OfficialReview | undefined> {
  const series = officialSeriesOf(table.championshipName)
  if (!series) return undefined
  const readAt = new Date().toISOString()
  try {
    const official = await jolpicaDriverStandings(external, series, jolpicaSeasonOf(table.season))
    return {
      series,
      official,
      officialError: null,
      readAt,
      differences: standingsDifferences(table.standings, official.standings),
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { series, official: null, officialError: error.message, readAt, differences: [] }
  }
}
