import {
  clockText,
  dayNames,
  hourChoices,
  minuteChoices,
  withFrequency,
  type JobForm,
} from '../../../lib/admin/scheduler-rules.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'

const frequencies = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'daily', label: 'Daily' },
]
const days = dayNames.map((d, i) => ({ value: String(i), label: d }))
const hoursIn = (zone: string) => hourChoices.map((h) => ({ value: String(h), label: `${clockText(h)} ${zone}` }))
const minuteOptions = (choices: readonly number[]) =>
  choices.map((m) => ({ value: String(m), label: String(m).padStart(2, '0') }))

/**
 * One job's block: enable, weekly/daily, day of week (hidden when daily), hour, minute. The hours
 * are on the site's clock (its time zone, System tab), as the scheduler runs every job (issue 36).
 */
export function JobBlock({
  title,
  job,
  onChange,
  zone,
  description,
  minutes = minuteChoices,
}: {
  title: string
  job: JobForm
  onChange: (job: JobForm) => void
  /** The site's time zone, named beside each hour. */
  zone: string
  description?: string
  /** The minutes it may start at: spec 001's quarter hours unless the job says otherwise. */
  minutes?: readonly number[]
}) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5">
      <legend className="px-1 text-lg font-bold text-white">{title}</legend>
      {description && <p className="text-sm text-gray-300">{description}</p>}
      <SwitchField
        label={`Enable ${title.toLowerCase()}`}
        checked={job.enabled}
        onChange={(enabled) => onChange({ ...job, enabled })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Frequency"
          value={job.frequency}
          onChange={(f) => onChange(withFrequency(job, f as JobForm['frequency']))}
          options={frequencies}
        />
        {job.frequency === 'weekly' && (
          <SelectField
            label="Day of week"
            value={String(job.dayOfWeek)}
            onChange={(d) => onChange({ ...job, dayOfWeek: Number(d) })}
            options={days}
          />
        )}
        <SelectField
          label="Hour"
          value={String(job.hour)}
          onChange={(h) => onChange({ ...job, hour: Number(h) })}
          options={hoursIn(zone)}
        />
        <SelectField
          label="Minute"
          value={String(job.minute)}
          onChange={(m) => onChange({ ...job, minute: Number(m) })}
          options={minuteOptions(minutes)}
        />
      </div>
    </fieldset>
  )
}
