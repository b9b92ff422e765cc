import { useEffect, useState } from 'react'
import { sessionTimeText } from '../../lib/calendar.ts'

/**
 * A session's start inside an island: UTC in the HTML and at hydration (the same characters on
 * the server and in the browser), then the reader's own zone once the island is live
 * (docs/decisions/0425).
 */
export function LocalTime({ value }: { value: string }) {
  const [zone, setZone] = useState<string | undefined>('UTC')
  useEffect(() => setZone(undefined), [])
  return <time dateTime={value}>{sessionTimeText(value, zone)}</time>
}
