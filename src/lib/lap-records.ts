import { shortDate } from './dates.ts'
import { formatLapMs } from './lap-time.ts'
import { sessionTypeLabels, type SessionType } from './results/types.ts'

/**
 * The /lap-times page's texts (docs/decisions/0423): its metadata (the page is not one of the spec's
 * pages with SEO settings) and how a record reads.
 */
export const LAP_TIMES_META = {
  title: 'Lap Records by Track – SimRacing Hub',
  description:
    'The fastest valid laps of every driver by track and car, taken from the race results of the championships we run.',
  keywords: 'lap records, fastest laps, ACC lap times, Le Mans Ultimate lap times, sim racing leagues',
}

export const LAP_TIMES_EMPTY_NOTE = 'Lap records appear here when race results are imported through the admin panel.'

const sources: Record<string, string> = { acc: 'ACC', lmu: 'LMU' }

export interface LapRecordFacts {
  lapMs: number
  sessionType: string
  setAt: string
  source: string
}

/** One record's cells: '1:47.862', 'Race · ACC', 'Nov 22, 2026'. */
export function lapRecordCells(record: LapRecordFacts) {
  return {
    lapTime: formatLapMs(record.lapMs),
    session: `${sessionTypeLabels[record.sessionType as SessionType] ?? record.sessionType} · ${sources[record.source] ?? record.source.toUpperCase()}`,
    date: shortDate(record.setAt),
  }
}
