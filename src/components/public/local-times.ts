import { sessionTimeText } from '../../lib/calendar.ts'

/**
 * The calendar's times in the reader's own time zone (docs/decisions/0425). The page is one copy
 * for every reader (decisions 0104, 0702): its HTML says each time in UTC in a
 * `<time datetime data-local>`; this bundled script (a file of the site, allowed by the CSP's
 * 'self', decision 0101) rewrites each in the browser's zone, and says which zone that is.
 */
export function localizeTimes(root: ParentNode = document): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  for (const time of root.querySelectorAll<HTMLTimeElement>('time[data-local]')) {
    time.textContent = sessionTimeText(time.dateTime, undefined)
    time.title = `${sessionTimeText(time.dateTime, 'UTC')} · your time zone: ${zone}`
  }
  for (const label of root.querySelectorAll<HTMLElement>('[data-reader-zone]')) label.textContent = zone
}
