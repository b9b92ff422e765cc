import { useState } from 'react'
import { addChampionship, SPEC_SCHEDULER_CHAMPIONSHIPS } from '../../../lib/admin/scheduler-rules.ts'
import { notify } from '../shared/toast.ts'

/** The championships the scheduled news and standings cover (spec 001 section 3: championships[]). */
export function ChampionshipsField({ value, onChange }: { value: string[]; onChange: (list: string[]) => void }) {
  const [name, setName] = useState('')
  const add = () => {
    const next = addChampionship(value, name)
    if ('problem' in next) return notify.failure('Championship Required', next.problem)
    onChange(next.list)
    setName('')
  }
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-5">
      <legend className="px-1 text-lg font-bold text-white">Championships</legend>
      <p className="text-sm text-gray-300">Scheduled news and standings refreshes cover these championships.</p>
      {value.length === 0 ? (
        <p className="text-amber-300">No championships: scheduled runs have nothing to do.</p>
      ) : (
        <ul aria-label="Scheduled championships" className="flex flex-wrap gap-2">
          {value.map((championship) => (
            <li key={championship} className="flex items-center gap-2 rounded border border-line px-2 py-1">
              {championship}
              <button
                type="button"
                className="btn-outline px-2 py-0.5 text-xs"
                aria-label={`Remove ${championship}`}
                onClick={() => onChange(value.filter((n) => n !== championship))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1">
          <span className="text-sm font-semibold text-gray-200">Add championship</span>
          <input
            className="field"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                add()
              }
            }}
          />
        </label>
        <button type="button" className="btn-outline" onClick={add}>
          Add
        </button>
        <button type="button" className="btn-outline" onClick={() => onChange([...SPEC_SCHEDULER_CHAMPIONSHIPS])}>
          Use Default Championships
        </button>
      </div>
    </fieldset>
  )
}
