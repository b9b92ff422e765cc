/** Scheduler form choices (spec 001 section 9). */
export const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
export const minuteChoices = [0, 15, 30, 45] as const
export const hourChoices = Array.from({ length: 24 }, (_, h) => h)

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

/** '6:00 AM UTC', 'Monday, 6:00 AM UTC' (the status panel's wording). */
export function scheduleText(job: JobForm): string {
  const h12 = job.hour % 12 === 0 ? 12 : job.hour % 12
  const time = `${h12}:${String(job.minute).padStart(2, '0')} ${job.hour < 12 ? 'AM' : 'PM'} UTC`
  if (job.frequency === 'daily') return `Daily, ${time}`
  return `${dayNames[job.dayOfWeek] ?? 'Monday'}, ${time}`
}
