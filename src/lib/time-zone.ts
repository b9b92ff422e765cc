/**
 * The site's time zone (System tab, decision 0512): the admin panel shows its times in it and reads
 * 'Publish at' in it; the database and the API keep instants in UTC, and public pages stay in UTC
 * (decision 0104). Conversions use Intl only (no date library): Intl knows every IANA zone and its
 * daylight-saving rules.
 */

export const DEFAULT_TIME_ZONE = 'UTC'

const DAY_MS = 86_400_000
const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** The Intl options of each kind of text this module writes (en-US, like the public pages). */
const kinds = {
  parts: {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  },
  name: { timeZoneName: 'short' },
  clock: { hourCycle: 'h23', hour: '2-digit', minute: '2-digit' },
  seconds: { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' },
  long: { dateStyle: 'full', timeStyle: 'short' },
  short: { dateStyle: 'medium', timeStyle: 'short' },
  monthDayTime: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  date: { dateStyle: 'medium' },
  numericDate: { year: 'numeric', month: 'numeric', day: 'numeric' },
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

/** Whether Intl knows the zone ('Europe/Paris', 'UTC'); offsets like '+01:00' are not zones here. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false
  try {
    formatter(zone, 'parts')
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

interface Wall {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function wallOf(ms: number, zone: string): Wall {
  const parts = Object.fromEntries(
    formatter(zone, 'parts')
      .formatToParts(new Date(ms))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  }
}

/** Milliseconds the zone's clock is ahead of UTC at an instant (+3,600,000 for Paris in winter). */
export function zoneOffsetMs(ms: number, zone: string): number {
  const w = wallOf(ms, zone)
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second)
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000))
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** The zone's wall clock at an instant, as a datetime-local field holds it ('2026-11-24T19:30'); '' for none. */
export function toZonedInput(value: string | Date | null | undefined, zone: string): string {
  if (!value) return ''
  const ms = (value instanceof Date ? value : new Date(value)).getTime()
  if (Number.isNaN(ms)) return ''
  const w = wallOf(ms, zone)
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`
}

/**
 * The instant (ISO, UTC) at which the zone's clock shows a datetime-local value, or null when the
 * value names no time. Two rules for the hours daylight saving makes odd (as Temporal's
 * 'compatible'): a time skipped when clocks go forward (02:30 in Paris on the last Sunday of March)
 * is read with the offset before the jump, so it lands an hour later on the new clock (03:30); a
 * time that happens twice when clocks go back is the first of the two.
 */
export function fromZonedInput(value: string, zone: string): string | null {
  const m = WALL.exec(value.trim())
  if (!m) return null
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number]
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  // Date.UTC rolls 31 February over into March: such a value names no day.
  if (new Date(asUtc).getUTCDate() !== day) return null
  const before = asUtc - zoneOffsetMs(asUtc - DAY_MS, zone)
  const after = asUtc - zoneOffsetMs(asUtc + DAY_MS, zone)
  const shows = (ms: number) => {
    const w = wallOf(ms, zone)
    return w.year === year && w.month === month && w.day === day && w.hour === hour && w.minute === minute
  }
  const fits = [before, after].filter(shows)
  const ms = fits.length ? Math.min(...fits) : before
  return new Date(ms).toISOString()
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

/** '10:42': a time of today on the zone's 24-hour clock ('Saved at 10:42'). */
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
