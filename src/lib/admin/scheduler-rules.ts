/** Scheduler form choices (spec 001 section 9). */
export const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
export const minuteChoices = [0, 15, 30, 45] as const
/** The newsletter's digest is not spec 001's: any minute of the hour (issue 45). */
export const everyMinute: readonly number[] = Array.from({ length: 60 }, (_, m) => m)
export const hourChoices = Array.from({ length: 24 }, (_, h) => h)

/** A time of day as every text of the panel writes it (decision 0875): '6:00 AM', '12:30 PM'. */
export const clockText = (hour: number, minute = 0): string =>
  `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`

export interface JobForm {
  enabled: boolean
  frequency: 'weekly' | 'daily'
  dayOfWeek: number
  hour: number
  minute: number
}

/** Daily jobs carry day -1; going back to weekly picks Monday (the default) unless a day was kept. */
export function withFrequency(job: JobForm, frequency: JobForm['frequency']): JobForm {
  if (frequency === 'daily') return { ...job, frequency, dayOfWeek: -1 }
  return { ...job, frequency, dayOfWeek: job.dayOfWeek >= 0 ? job.dayOfWeek : 1 }
}

/**
 * 'Monday, 6:00 AM UTC' (spec 001's status panel wording), on the clock of the site's time zone
 * that every job runs on: 'Monday, 6:00 AM Europe/Paris'.
 */
export function scheduleText(job: JobForm, zone: string): string {
  const time = `${clockText(job.hour, job.minute)} ${zone}`
  if (job.frequency === 'daily') return `Daily, ${time}`
  return `${dayNames[job.dayOfWeek] ?? 'Monday'}, ${time}`
}

/**
 * Spec 001 section 9: the scheduler's championships (the other reading's defaults are the first
 * two, which test mode uses).
 */
export const SPEC_SCHEDULER_CHAMPIONSHIPS = [
  'Formula 1',
  'IndyCar Series',
  'NASCAR Cup Series',
  'GT World Challenge',
  'World Rally Championship',
  'MotoGP',
] as const

/** Adds a championship to the list; why not, in words, when it is blank or already there. */
export function addChampionship(list: readonly string[], name: string): { list: string[] } | { problem: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ')
  if (!trimmed) return { problem: 'Please enter a championship name.' }
  if (trimmed.length > 100) return { problem: 'A championship name is too long.' }
  if (list.some((n) => n.toLowerCase() === trimmed.toLowerCase()))
    return { problem: `${trimmed} is already in the list.` }
  return { list: [...list, trimmed] }
}
