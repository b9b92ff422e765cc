/**
 * The championships with an official source to compare an AI table with (docs/decisions/0420):
 * Formula 1, through Jolpica-F1. Names of other series that share the words (F1 Academy, F1
 * esports, a league of the F1 game) are not it.
 */
export type OfficialSeries = 'f1'

const notF1 = /\b(academy|esports?|e-sports?|sim|league|virtual|f1\s*2\d|f1\s*25|powerboat|h2o)\b/i
const f1 = /\b(formula\s*(1|one)|f1)\b/i

export function officialSeriesOf(championshipName: string): OfficialSeries | undefined {
  const name = championshipName.trim()
  return f1.test(name) && !notF1.test(name) ? 'f1' : undefined
}

/** The Jolpica season for an AI table's season: a year as it is, anything else the current one. */
export const jolpicaSeasonOf = (season: string | null | undefined): string =>
  season && /^\d{4}$/.test(season.trim()) ? season.trim() : 'current'
