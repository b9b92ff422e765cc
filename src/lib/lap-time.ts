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
