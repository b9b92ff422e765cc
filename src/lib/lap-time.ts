/** Parses a lap time such as '1:32.456', '92.456' or '1:02:03.5' into milliseconds; null when it is not one. */
export function lapTimeMs(text: string): number | null {
  const match = /^\s*(?:(\d+):)?(?:(\d{1,2}):)?(\d{1,2}(?:\.\d{1,3})?)\s*$/.exec(text)
  if (!match) return null
  const [, a, b, s] = match
  const hours = a !== undefined && b !== undefined ? Number(a) : 0
  const minutes = b !== undefined ? Number(b) : a !== undefined ? Number(a) : 0
  const seconds = Number(s)
  if ((a !== undefined || b !== undefined) && seconds >= 60) return null
  return Math.round(((hours * 60 + minutes) * 60 + seconds) * 1000)
}

/**
 * A lap time in milliseconds as m:ss.mmm ('1:47.862'); an hour or more as h:mm:ss.mmm. The inverse
 * of lapTimeMs for whole milliseconds.
 */
export function formatLapMs(ms: number): string {
  const whole = Math.max(0, Math.round(ms))
  const millis = whole % 1000
  const totalSeconds = Math.floor(whole / 1000)
  const seconds = totalSeconds % 60
  const totalMinutes = Math.floor(totalSeconds / 60)
  const tail = `${String(seconds).padStart(2, '0')}.${String(millis).padStart(3, '0')}`
  if (totalMinutes < 60) return `${totalMinutes}:${tail}`
  return `${Math.floor(totalMinutes / 60)}:${String(totalMinutes % 60).padStart(2, '0')}:${tail}`
}
