import { formatLapMs } from '../../lib/lap-time.ts'
import { formatLabels, sessionTypeLabels, type ParsedSession } from '../../lib/results/types.ts'
import type { ImportedSession } from '../repos/race-sessions.repo.ts'
import type { PanelTime } from '../../lib/panel-time.ts'
import { duplicateMessage } from './import.ts'

/** The fastest laps the preview lists. */
const PREVIEW_LAPS = 10

/**
 * What the owner sees before importing a file: the session, its whole classification (with class
 * positions), how many laps it has and how many are valid, its fastest valid laps, what was read
 * other than as written (repairs: a Windows-1252 name, a stray byte, a lap under the floor), and
 * whether it was imported before.
 */
export function previewOf(
  session: ParsedSession,
  duplicate: { existing: ImportedSession & { fileHash: string }; fileHash: string } | undefined,
  /** The owner's times (the site's zone): when a duplicate was imported. */
  time: PanelTime,
) {
  const valid = session.laps.filter((l) => l.valid)
  const fastest = [...valid].sort((a, b) => a.lapMs - b.lapMs || a.setAt.getTime() - b.setAt.getTime())
  return {
    format: session.format,
    formatLabel: formatLabels[session.format],
    sessionType: session.sessionType,
    sessionLabel: sessionTypeLabels[session.sessionType],
    track: session.track,
    trackVariant: session.trackVariant,
    serverName: session.serverName,
    startedAt: session.startedAt.toISOString(),
    startKnown: session.startKnown,
    classification: session.classification,
    /** The classes of the cars, in order of their first car: more than one is a multi-class race. */
    classes: [...new Set(session.classification.map((c) => c.carClass).filter(Boolean))],
    // Every lap the file lists (those without a time too), and the valid ones (LMU / rFactor 2: timed).
    laps: { total: session.laps.length + session.lapsWithoutTime, valid: valid.length },
    fastestLaps: fastest.slice(0, PREVIEW_LAPS).map((l) => ({
      driverName: l.driverName,
      car: l.car,
      lapNumber: l.lapNumber,
      lapMs: l.lapMs,
      lapTime: formatLapMs(l.lapMs),
    })),
    repairs: session.repairs,
    duplicate: duplicate ? duplicateMessage(duplicate.existing, duplicate.fileHash, time) : null,
  }
}
