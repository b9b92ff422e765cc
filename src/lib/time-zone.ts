import { Temporal } from 'temporal-polyfill'

/**
 * The site's time zone (System tab, decision 0512): the admin panel shows its times in it and reads
 * 'Publish at' in it; the database and the API keep instants in UTC, and public pages stay in UTC
 * (decision 0104). The calendar and zone arithmetic is Temporal's (the polyfill, until every
 * runtime has it: issue 45 asked for a kept library in place of our own), its 'compatible' rule
 * for the hours daylight saving makes odd; the texts are Intl's, in one place (panel-time.ts for
 * the panel). Tests hold both to Intl's own reading of each zone.
 */
export const DEFAULT_TIME_ZONE = 'UTC'

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** The Intl options of each kind of text this module writes (en-US, like the public pages). */
const kinds = {
  name: { timeZoneName: 'short' },
  // One clock everywhere: the 12-hour time of every other text ('12:27 AM'), never '00:27' beside it.
  clock: { hour: 'numeric', minute: '2-digit' },
  seconds: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  long: { dateStyle: 'full', timeStyle: 'short' },
  short: { dateStyle: 'medium', timeStyle: 'short' },
  monthDayTime: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  date: { dateStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>
type Kind = keyof typeof kinds

/** Formatters are slow to make (the first one loads locale data): one per zone and kind. */
const cache = new Map<string, Intl.DateTimeFormat>()
function formatter(zone: string, kind: Kind): Intl.DateTimeFormat {
  const key = `${kind} ${zone}`
  let f = cache.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...kinds[kind] })
    cache.set(key, f)
  }
  return f
}

/** Whether the zone is one Intl and Temporal know ('Europe/Paris', 'UTC'); offsets like '+01:00' are not zones here. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false
  try {
    formatter(zone, 'name')
    Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(zone)
    return true
  } catch {
    return false
  }
}

/**
 * Zones Intl still lists under an old name (CLDR keeps them for compatibility), with the name the
 * IANA database gives them now: an owner in Kolkata or Kyiv looks for that name (issue 45).
 */
const RENAMED_ZONES: Record<string, string> = {
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
}

/** The zone's name as the IANA database gives it now ('Asia/Calcutta' is 'Asia/Kolkata'), when Intl knows it. */
export function currentZoneName(zone: string): string {
  const renamed = RENAMED_ZONES[zone]
  return renamed && isTimeZone(renamed) ? renamed : zone
}

/** The zones to choose from: UTC first, then every zone Intl names, by its current name, alphabetically. */
export function timeZoneChoices(): string[] {
  const named = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const current = new Set(named.filter((z) => z !== DEFAULT_TIME_ZONE).map(currentZoneName))
  return [DEFAULT_TIME_ZONE, ...[...current].sort()]
}

/** An instant on the zone's clock. */
const zoned = (ms: number, zone: string) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone)

/** Milliseconds the zone's clock is ahead of UTC at an instant (+3,600,000 for Paris in winter). */
export function zoneOffsetMs(ms: number, zone: string): number {
  return zoned(Math.floor(ms / 1000) * 1000, zone).offsetNanoseconds / 1e6
}

/** The zone's wall clock at an instant, as a datetime-local field holds it ('2026-11-24T19:30'); '' for none. */
export function toZonedInput(value: string | Date | null | undefined, zone: string): string {
  if (!value) return ''
  const ms = (value instanceof Date ? value : new Date(value)).getTime()
  if (Number.isNaN(ms)) return ''
  return zoned(ms, zone).toPlainDateTime().toString({ smallestUnit: 'minute' })
}

/** The zone's calendar day at an instant ('2026-11-24'). */
export const zonedDay = (value: Date, zone: string): Temporal.PlainDate => zoned(value.getTime(), zone).toPlainDate()

/**
 * The instant at which the zone's clock shows a day and time, by Temporal's 'compatible' rule (as
 * a person reads a clock): a time skipped when clocks go forward (02:30 in Paris on the last
 * Sunday of March) is read with the offset before the jump, so it lands an hour later on the new
 * clock (03:30); a time that happens twice when clocks go back is the first of the two.
 */
export const zonedInstant = (wall: Temporal.PlainDateTime, zone: string): Date =>
  new Date(wall.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds)

/**
 * The instant (ISO, UTC) at which the zone's clock shows a datetime-local value, or null when the
 * value names no time (a day that does not exist, '24:00', another shape), read as zonedInstant.
 */
export function fromZonedInput(value: string, zone: string): string | null {
  const m = WALL.exec(value.trim())
  if (!m) return null
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number]
  let wall: Temporal.PlainDateTime
  try {
    // 'reject': 31 February names no day, rather than rolling over into March.
    wall = Temporal.PlainDateTime.from({ year, month, day, hour, minute }, { overflow: 'reject' })
  } catch {
    return null
  }
  return zonedInstant(wall, zone).toISOString()
}

const named = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
  parts.find((p) => p.type === type)?.value ?? ''

/** The zone's short name at an instant: 'UTC', 'EST', 'GMT+1'. */
export function zoneName(value: string | Date, zone: string): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return zone
  return named(formatter(zone, 'name').formatToParts(date), 'timeZoneName')
}

/** 'Sunday, November 22, 2026 at 11:30 AM GMT+1': longDateTime (src/lib/dates.ts) in the site's zone. */
export function longZonedDateTime(value: string | Date, zone: string): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return 'Invalid Date'
  return `${formatter(zone, 'long').format(date)} ${zoneName(date, zone)}`
}

/** 'Nov 22, 2026, 11:30 AM': the panel's compact date and time in the site's zone (the zone is said once on the page). */
export function shortZonedDateTime(value: string | Date, zone: string): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return 'Invalid Date'
  return formatter(zone, 'short').format(date)
}

/** '10:42 AM': a time of today on the zone's clock ('Saved at 10:42 AM'). */
export function clockTime(value: string | Date, zone: string): string {
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? '' : formatter(zone, 'clock').format(date)
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value))

/** A text of one of the kinds above, or 'Invalid Date'. */
export function zonedText(value: string | Date, zone: string, kind: Exclude<Kind, 'parts' | 'name'>): string {
  const date = toDate(value)
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : formatter(zone, kind).format(date)
}
