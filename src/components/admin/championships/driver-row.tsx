import { useState } from 'react'
import { formProblem } from '../../../lib/forms/contract.ts'
import { standingsDriverContract } from '../../../lib/forms/standings-driver.ts'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { useUnsavedChanges } from '../shared/unsaved.ts'
import { useUpdateDriver } from './use-standings.ts'

interface Driver {
  position: number
  driverName: string
  team: string
  points: number
}

interface Props {
  setId: number
  index: number
  driver: Driver
  editing: boolean
  onEdit: () => void
  onDone: () => void
}

/** One driver row; Edit turns it into inputs (one row at a time across the list). */
export function DriverRow({ setId, index, driver, editing, onEdit, onDone }: Props) {
  if (!editing)
    return (
      <tr className="border-t border-line">
        <td className="py-1.5 pr-2">{driver.position}</td>
        <td className="py-1.5 pr-2 text-white">{driver.driverName}</td>
        <td className="py-1.5 pr-2">{driver.team}</td>
        <td className="py-1.5 pr-2">{driver.points}</td>
        <td className="py-1.5 text-right">
          <button type="button" className="btn-outline" onClick={onEdit} aria-label={`Edit ${driver.driverName}`}>
            Edit
          </button>
        </td>
      </tr>
    )
  return <DriverEditRow setId={setId} index={index} driver={driver} onDone={onDone} />
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
        notify.success('Driver Updated')
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
  const input = 'field w-full px-2 py-1'
  return (
    <tr className="border-t border-line" onKeyDown={keys}>
      <td className="py-1.5 pr-2">{driver.position}</td>
      <td className="py-1.5 pr-2">
        <input
          className={input}
          aria-label="Driver name"
          value={driverName}
          onChange={(e) => setDriverName(e.target.value)}
          autoFocus
        />
      </td>
      <td className="py-1.5 pr-2">
        <input className={input} aria-label="Team" value={team} onChange={(e) => setTeam(e.target.value)} />
      </td>
      <td className="py-1.5 pr-2">
        <input
          className={input}
          aria-label="Points"
          inputMode="decimal"
          value={points}
          onChange={(e) => setPoints(e.target.value)}
        />
      </td>
      <td className="flex gap-2 py-1.5">
        <button type="button" className="btn-primary px-3 py-1" onClick={save} disabled={update.isPending}>
          Save
        </button>
        <button type="button" className="btn-outline px-3 py-1" onClick={onDone}>
          Cancel
        </button>
      </td>
    </tr>
  )
}
