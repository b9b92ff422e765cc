import { useMemo, useState } from 'react'
import { formProblem } from '../../../lib/forms/contract.ts'
import { timeZoneContract } from '../../../lib/forms/time-zone.ts'
import { panelTime } from '../../../lib/panel-time.ts'
import { currentZoneName, timeZoneChoices } from '../../../lib/time-zone.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { useUnsavedChanges } from '../shared/unsaved.ts'
import { useSaveTimeZone, useTimeZoneQuery } from '../shared/use-time-zone.ts'

/**
 * The site's time zone (decision 0512): the panel shows every time in it (src/lib/panel-time.ts) and
 * reads 'Publish at' and the scheduler's times on its clock. Instants stay stored in UTC, and the
 * public pages keep printing UTC (decision 0104): no text of this panel says 'UTC' once another
 * zone is chosen (issue 36).
 */
export function TimeZoneSetting() {
  const current = useTimeZoneQuery()
  const save = useSaveTimeZone()
  const [chosen, setChosen] = useState<string | null>(null)
  // A zone saved under its old name ('Asia/Calcutta') is shown by its current one, which the list has.
  const zone = chosen ?? currentZoneName(current.data?.timeZone ?? 'UTC')
  const options = useMemo(() => timeZoneChoices().map((z) => ({ value: z, label: z.replaceAll('_', ' ') })), [])
  const dirty = chosen !== null && chosen !== current.data?.timeZone
  useUnsavedChanges(dirty)

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const problem = formProblem(timeZoneContract, { timeZone: zone })
    if (problem) return notify.problem(problem)
    save.mutate(zone, {
      onSuccess: ({ timeZone }) => {
        setChosen(null)
        notify.success('Settings Saved', `The panel shows times in ${timeZone}.`)
      },
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Error', 'Failed to save the time zone', error)
      },
    })
  }

  return (
    <section aria-labelledby="time-zone-title" className="max-w-xl rounded-xl border border-line bg-panel p-5">
      <h3 id="time-zone-title" className="mb-2 text-lg font-bold text-white">
        Site Time Zone
      </h3>
      <p className="mb-4 text-sm text-gray-300">
        The panel shows every time in this zone, and reads &apos;Publish at&apos; and the scheduler&apos;s times on its
        clock. Stored times do not change with it, and the public pages do not use it: they are the same for every
        reader.
      </p>
      {current.isPending ? (
        <p className="text-gray-300">Loading...</p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <SelectField label="Time zone" value={zone} onChange={setChosen} options={options} />
          <p className="text-sm text-gray-300">Now: {panelTime(zone).long(new Date())}</p>
          <div>
            <button
              type="submit"
              className="btn-primary"
              disabled={save.isPending || !dirty}
              aria-busy={save.isPending}
            >
              Save Time Zone
            </button>
          </div>
        </form>
      )}
    </section>
  )
}
