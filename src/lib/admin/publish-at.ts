/**
 * The news form's 'Publish at' (a datetime-local field) reads and writes UTC, as every time the
 * site and the scheduler show does (docs/decisions/0104): '2026-11-24T18:30' is 18:30 UTC.
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** The field's value for an instant (ISO or Date): minutes, UTC. */
export function toPublishAtInput(value: string | Date | null | undefined): string {
  if (!value) return ''
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16)
}

/** The instant (ISO) a field value names, or null when it names none. */
export function fromPublishAtInput(value: string): string | null {
  const m = LOCAL.exec(value.trim())
  if (!m) return null
  const date = new Date(`${value.trim()}:00.000Z`)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** The next whole minute after now (the field's smallest step), for a schedule that comes soon. */
export const nextMinute = (now = new Date()): Date => new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000)
