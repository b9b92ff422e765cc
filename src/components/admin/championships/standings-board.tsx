import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useRef, useState } from 'react'
import { moveItem } from '../../../lib/admin/reorder.ts'
import { hasResults } from '../../../lib/standings.ts'
import { Tip } from '../../ui/tip.tsx'
import { confirmDelete } from '../shared/confirm.tsx'
import { RevisionHistory } from '../shared/revision-history.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify, serverMessage } from '../shared/toast.ts'
import type { AdminStandingsSet } from '../shared/types.ts'
import { DriverRow } from './driver-row.tsx'
import { SourceLine } from './source-line.tsx'
import { useDeleteStandings, useReorderStandings, useStandings } from './use-standings.ts'
import { LoadError } from '../shared/load-error.tsx'
import { usePanelTime } from '../shared/use-time-zone.ts'

export type EditingDriver = { setId: number; index: number } | null

/**
 * The AI standings list (spec 001): drag to reorder (mouse after 5 px, touch after a 120 ms
 * press, keyboard with Space; Escape cancels), persisted through the reorder call; one driver row
 * edited at a time; top 3 or all drivers; delete.
 */
export function StandingsBoard() {
  const standings = useStandings()
  const reorder = useReorderStandings()
  const [order, setOrder] = useState<number[] | null>(null)
  const [editing, setEditing] = useState<EditingDriver>(null)
  // dnd-kit reports the picked card as "over" itself at once; that is no move to announce.
  const movedSincePickup = useRef(false)
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] },
    }),
  )

  if (standings.isPending) return <p className="text-gray-300">Loading standings...</p>
  if (standings.isError) return <LoadError text="Error loading standings." onRetry={() => standings.refetch()} />
  const byId = new Map(standings.data.map((s) => [s.id, s]))
  const sets = (order ?? standings.data.map((s) => s.id)).map((id) => byId.get(id)).filter((s) => s !== undefined)

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id || reorder.isPending) return
    const ids = sets.map((s) => s.id)
    const next = moveItem(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)))
    setOrder(next)
    reorder.mutate(next, {
      onSuccess: () => notify.success('Championships Reordered'),
      onError: (error) => {
        if (!isUnauthorized(error))
          notify.failed('Error', serverMessage(error) ?? 'Failed to reorder championships', error)
      },
      // The refetched list (or the old one, on failure) takes over from the local order.
      onSettled: () => setOrder(null),
    })
  }

  if (sets.length === 0) return <p className="text-gray-300">No AI standings yet.</p>
  // Announced by name and position: dnd-kit's default speaks the numeric ids.
  const nameOf = (id: UniqueIdentifier) => byId.get(Number(id))?.championshipName ?? 'Championship'
  const position = (id: UniqueIdentifier) =>
    `position ${sets.findIndex((s) => s.id === Number(id)) + 1} of ${sets.length}`
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      movedSincePickup.current = false
      return `Picked up ${nameOf(active.id)}, ${position(active.id)}.`
    },
    onDragOver: ({ active, over }) => {
      if (!over || (over.id === active.id && !movedSincePickup.current)) return undefined
      movedSincePickup.current = true
      return `${nameOf(active.id)} moved to ${position(over.id)}.`
    },
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${position(over.id)}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      autoScroll={{ threshold: { x: 0.25, y: 0.25 } }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a championship, press Space. Use the arrow keys to move it, Space again to drop it, Escape to cancel.',
        },
      }}
    >
      <SortableContext items={sets.map((s) => s.id)} strategy={verticalListSortingStrategy}>
        <ol className="flex flex-col gap-4" aria-label="Championship standings">
          {sets.map((set) => (
            <StandingsCard key={set.id} set={set} editing={editing} setEditing={setEditing} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}

function StandingsCard({
  set,
  editing,
  setEditing,
}: {
  set: AdminStandingsSet
  editing: EditingDriver
  setEditing: (e: EditingDriver) => void
}) {
  const [showAll, setShowAll] = useState(false)
  const remove = useDeleteStandings()
  const time = usePanelTime()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: set.id,
  })
  const drivers = showAll ? set.standings : set.standings.slice(0, 3)
  const onDelete = async () => {
    if (!(await confirmDelete(`Delete the standings of ${set.championshipName}? This cannot be undone.`))) return
    // Awaited: the refreshed list unmounts this card, and mutate() would drop its callbacks then.
    try {
      await remove.mutateAsync(set.id)
      notify.success('Deleted!', `${set.championshipName} standings deleted.`)
    } catch (error) {
      if (!isUnauthorized(error)) notify.failed('Error', 'Failed to delete championship standings', error)
    }
  }
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-xl border bg-panel p-4 ${isDragging ? 'relative z-10 border-brand shadow-2xl' : 'border-line'}`}
    >
      <div className="flex flex-wrap items-center gap-3">
        <Tip text="Drag to reorder">
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Reorder ${set.championshipName}`}
            className="btn-outline cursor-grab touch-none"
          >
            ⠿
          </button>
        </Tip>
        {/* At least 12rem: on a phone the buttons wrap below the name instead of squeezing it to a word a line. */}
        <div className="min-w-48 flex-1">
          <h3 className="font-bold text-white">{set.championshipName}</h3>
          <p className="text-sm text-gray-300">
            Season {set.season} · Updated: {time.date(set.lastUpdated)}
            {set.completedRounds !== null && set.totalRounds !== null
              ? ` · Round ${set.completedRounds} of ${set.totalRounds}`
              : ''}
          </p>
          {!hasResults(set) && (
            <p className="text-sm font-semibold text-amber-200">
              Not on the site yet: it shows once it has results (import a race, or read its source).
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-outline"
            aria-expanded={showAll}
            onClick={() => setShowAll((v) => !v)}
            aria-label={`${showAll ? 'Show top 3' : 'Show all drivers'} of ${set.championshipName}`}
          >
            {showAll ? 'Show top 3' : `Show all (${set.standings.length})`}
          </button>
          <button
            type="button"
            className="btn-outline"
            aria-label={`Delete ${set.championshipName} standings`}
            disabled={remove.isPending}
            onClick={onDelete}
          >
            Delete
          </button>
          <RevisionHistory entity="standings" id={set.id} name={`${set.championshipName} standings`} />
        </div>
      </div>
      {/* Under the header row, so every card's drag handle sits where it always did. */}
      <SourceLine set={set} />
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">{set.championshipName} drivers</caption>
        <thead className="text-gray-300">
          <tr>
            <th scope="col" className="py-1 pr-2">
              Pos
            </th>
            <th scope="col" className="py-1 pr-2">
              Driver
            </th>
            <th scope="col" className="py-1 pr-2">
              Team
            </th>
            <th scope="col" className="py-1 pr-2">
              Points
            </th>
            <th scope="col" className="py-1">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {drivers.map((driver, index) => (
            <DriverRow
              // By place, not by name: a key with the name changed when a save renamed the driver, so
              // the row was mounted anew mid-save and the save's toast and 'done' never came.
              key={index}
              setId={set.id}
              index={index}
              driver={driver}
              editing={editing?.setId === set.id && editing.index === index}
              onEdit={() => setEditing({ setId: set.id, index })}
              onDone={() => setEditing(null)}
            />
          ))}
        </tbody>
      </table>
    </li>
  )
}
