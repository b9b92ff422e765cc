/**
 * datetime-local and date inputs hold the owner's local time without a zone; the API takes ISO
 * instants. These convert between the two in the browser's time zone.
 */
const pad = (n: number) => String(n).padStart(2, '0')

/** An ISO instant as a datetime-local value ('2026-11-24T14:05'); '' for none. */
export function toLocalDateTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local value as an ISO instant; '' stays '' (no time). */
export function fromLocalDateTime(local: string): string {
  if (!local.trim()) return ''
  const d = new Date(local)
  return Number.isNaN(d.getTime()) ? local : d.toISOString()
}

/** An ISO instant as a date input's value (its UTC day: review dates are days, stored at 00:00 UTC). */
export const toDateInput = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10) : '')
