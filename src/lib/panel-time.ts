import { fromZonedInput, toZonedInput, zonedText, zoneName } from './time-zone.ts'

/**
 * Every time the admin panel shows, in one place and one format (decision 0875): the site's time
 * zone (System tab, decision 0512), the 12-hour clock, the month by its name, and an instant's zone
 * by the short name its clocks showed then ('Nov 27, 2026, 12:27 AM GMT+1'). Stored instants stay in
 * UTC; the public pages keep printing UTC (src/lib/dates.ts, decision 0104). The panel gets one of
 * these from `usePanelTime()` (src/components/admin/shared/use-time-zone.ts); the server writes the
 * times of its messages to the owner with one made from the stored zone (`siteTimeZone()`).
 */
export interface PanelTime {
  /** The IANA zone: 'Europe/Berlin'. */
  zone: string
  /** The zone's short name at an instant (now by default): 'GMT+1', 'EST', 'UTC'. */
  name(value?: string | Date): string
  /** 'Nov 27, 2026, 12:27 AM GMT+1' */
  dateTime(value: string | Date): string
  /** 'Friday, November 27, 2026 at 12:27 AM GMT+1' */
  long(value: string | Date): string
  /** 'Nov 27, 12:27 AM GMT+1': a recent time, where the year goes without saying. */
  recent(value: string | Date): string
  /** 'Nov 27, 2026, 12:27 AM': a cell under a heading that names the zone. */
  cell(value: string | Date): string
  /** 'Nov 27, 2026' */
  date(value: string | Date): string
  /** '12:27 AM' ('Saved at 12:27 AM'). */
  clock(value: string | Date): string
  /** '12:27:05 AM GMT+1' (the diagnostics' 'Last updated'). */
  clockSeconds(value: string | Date): string
  /** The zone's wall clock as a datetime-local field holds it ('2026-11-27T00:27'); '' for none. */
  toInput(value: string | Date | null | undefined): string
  /** The instant (ISO) a datetime-local value names on the zone's clock, or null. */
  fromInput(value: string): string | null
  /**
   * A stored text with its UTC instants (ISO, as the server writes them into the Activity log and
   * the History) written as `dateTime`: a text kept for months follows the zone chosen today.
   */
  inText(text: string): string
}

/** An instant as `Date.toISOString()` writes it ('2026-11-27T10:42:00.000Z'), seconds optional. */
const ISO_INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?Z\b/g

const named = (text: string, value: string | Date, zone: string) =>
  text === 'Invalid Date' ? text : `${text} ${zoneName(value, zone)}`

/** The panel's formatter for a zone (any IANA zone Intl knows). */
export function panelTime(zone: string): PanelTime {
  return {
    zone,
    name: (value = new Date()) => zoneName(value, zone),
    dateTime: (value) => named(zonedText(value, zone, 'short'), value, zone),
    long: (value) => named(zonedText(value, zone, 'long'), value, zone),
    recent: (value) => named(zonedText(value, zone, 'monthDayTime'), value, zone),
    cell: (value) => zonedText(value, zone, 'short'),
    date: (value) => zonedText(value, zone, 'date'),
    clock: (value) => {
      const text = zonedText(value, zone, 'clock')
      return text === 'Invalid Date' ? '' : text
    },
    clockSeconds: (value) => named(zonedText(value, zone, 'seconds'), value, zone),
    toInput: (value) => toZonedInput(value, zone),
    fromInput: (value) => fromZonedInput(value, zone),
    inText: (text) => text.replace(ISO_INSTANT, (iso) => named(zonedText(iso, zone, 'short'), iso, zone)),
  }
}
