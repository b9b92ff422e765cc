import { useState } from 'react'
import { formProblem } from '../../../lib/forms/contract.ts'
import { standingsDriverContract } from '../../../lib/forms/standings-driver.ts'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { useUnsavedChanges } from '../shared/unsaved.ts'
import { useReleaseDriver, useUpdateDriver } from './use-standings.ts'

interface Driver {
  position: number
  driverName: string
  team: string
  points: number
  /** Edited by the owner: refreshes keep this row until it is left to the AI again. */
  edited: boolean
}

interface Props {
  setId: number
  index: number
  driver: Driver
  editing: boolean
  onEdit: () => void
  onDone: () => void
}

/**
 * One driver row; Edit turns it into inputs (one row at a time across the list). A row the owner
 * edited carries an 'Edited' badge: Refresh All and the scheduler keep it, until 'Use AI' leaves it
 * to the next refresh again.
 */
export function DriverRow({ setId, index, driver, editing, onEdit, onDone }: Props) {
  const release = useReleaseDriver()
  if (editing) return <DriverEditRow setId={setId} index={index} driver={driver} onDone={onDone} />
  const useAi = () =>
    release.mutate(
      { championshipId: setId, driverIndex: index },
      {
        onSuccess: () =>
          notify.success('Driver Updated', `The next refresh will replace ${driver.driverName} with the AI's data.`),
        onError: (error) => {
          if (!isUnauthorized(error)) notify.failed('Error', 'Failed to update driver information', error)
        },
      },
    )
  return (
    <tr className="border-t border-line">
      <td className="py-1.5 pr-2">{driver.position}</td>
      <td className="py-1.5 pr-2 text-white">{driver.driverName}</td>
      <td className="py-1.5 pr-2">{driver.team}</td>
      <td className="py-1.5 pr-2">{driver.points}</td>
      <td className="flex flex-wrap items-center justify-end gap-2 py-1.5">
        {driver.edited && (
          <span
            className="rounded bg-amber-900/60 px-1.5 py-0.5 text-xs text-amber-200"
            title="Edited by you: refreshes keep this row"
          >
            Edited
          </span>
        )}
        {driver.edited && (
          <button
            type="button"
            className="btn-outline"
            onClick={useAi}
            disabled={release.isPending}
            aria-label={`Let the AI overwrite ${driver.driverName} at the next refresh`}
          >
            Use AI
          </button>
        )}
        <button type="button" className="btn-outline" onClick={onEdit} aria-label={`Edit ${driver.driverName}`}>
          Edit
        </button>
      </td>
    </tr>
  )
}

function DriverEditRow({ setId, index, driver, onDone }: Omit<Props, 'editing' | 'onEdit'>) {
  const [driverName, setDriverName] = useState(driver.driverName)
  const [team, setTeam] = useState(driver.team)
  const [points, setPoints] = useState(String(driver.points))
  const update = useUpdateDriver()
  useUnsavedChanges(driverName !== driver.driverName || team !== driver.team || points !== String(driver.points))
  const save = () => {
    if (update.isPending) return
    const edit = { championshipId: setId, driverIndex: index, driverData: { driverName, team, points } }
    const problem = formProblem(standingsDriverContract, edit)
    if (problem) return notify.problem(problem)
    update.mutate(edit, {
      onSuccess: () => {
        onDone()
        notify.success('Driver Updated', 'Marked as edited: refreshes keep this row.')
      },
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Error', 'Failed to update driver information', error)
      },
    })
  }
  const keys = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      save()
    } else if (event.key === 'Escape') onDone()
  }
  // size 1: the inputs take their cell's width, so the row fits a phone (a default input is 20 characters wide).
  const input = 'field w-full min-w-0 px-2 py-1'
  return (
    <tr className="border-t border-line" onKeyDown={keys}>
      <td className="py-1.5 pr-2">{driver.position}</td>
      <td className="py-1.5 pr-2">
        <input
          className={input}
          aria-label="Driver name"
          size={1}
          value={driverName}
          onChange={(e) => setDriverName(e.target.value)}
          autoFocus
        />
      </td>
      <td className="py-1.5 pr-2">
        <input className={input} aria-label="Team" size={1} value={team} onChange={(e) => setTeam(e.target.value)} />
      </td>
      <td className="py-1.5 pr-2">
        <input
          className={input}
          aria-label="Points"
          size={1}
          inputMode="decimal"
          value={points}
          onChange={(e) => setPoints(e.target.value)}
        />
      </td>
      <td className="py-1.5">
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="button" className="btn-primary px-3 py-1" onClick={save} disabled={update.isPending}>
            Save
          </button>
          <button type="button" className="btn-outline px-3 py-1" onClick={onDone}>
            Cancel
          </button>
        </div>
      </td>
    </tr>
  )
}
