import { useState, type FormEvent } from 'react'
import { calendarEventContract, MAX_SESSIONS, type CalendarEventBody } from '../../../lib/forms/calendar-event.ts'
import { formProblem } from '../../../lib/forms/contract.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { confirmDelete } from '../shared/confirm.tsx'
import { LoadError } from '../shared/load-error.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'
import type { PanelTime } from '../../../lib/panel-time.ts'
import {
  useCalendar,
  useDeleteCalendarEvent,
  useReadF1Calendar,
  useSaveCalendarEvent,
  type AdminCalendarEvent,
} from './use-calendar.ts'
import { useStandings } from './use-standings.ts'

interface SessionRow {
  id?: number
  name: string
  /** 'YYYY-MM-DDTHH:MM', on the site's clock (its time zone). */
  startsAt: string
  durationMinutes: string
}

interface Form {
  championshipId: string
  name: string
  track: string
  round: string
  sessions: SessionRow[]
}

const blankSessions = (): SessionRow[] => [
  { name: 'Qualifying', startsAt: '', durationMinutes: '30' },
  { name: 'Race', startsAt: '', durationMinutes: '60' },
]

/** The API takes instants: a start typed on the site's clock is sent as one (as typed when it names no time: the API says why). */
const bodyOf = (f: Form, time: PanelTime): CalendarEventBody => ({
  championshipId: f.championshipId,
  name: f.name,
  track: f.track,
  round: f.round,
  sessions: f.sessions.map((s) => ({
    ...(s.id !== undefined ? { id: s.id } : {}),
    name: s.name,
    startsAt: time.fromInput(s.startsAt) ?? s.startsAt,
    durationMinutes: s.durationMinutes,
  })),
})

/**
 * Race Calendar (docs/decisions/0425): the owner's race weekends of any championship, each with its
 * sessions and their starts (typed on the site's clock, stored as instants), shown on /calendar and in its iCalendar feeds; Formula 1's
 * weekends come from Jolpica-F1's schedule, read twice a day or at once here. A section of its own in
 * the Championships tab.
 */
export function RaceCalendar() {
  const calendar = useCalendar()
  const standings = useStandings()
  const save = useSaveCalendarEvent()
  const remove = useDeleteCalendarEvent()
  const readF1 = useReadF1Calendar()
  const time = usePanelTime()
  const championships = standings.data ?? []
  const blank = (): Form => ({
    championshipId: championships[0] ? String(championships[0].id) : '',
    name: '',
    track: '',
    round: '',
    sessions: blankSessions(),
  })
  const [form, setForm] = useState<Form | null>(null)
  const [editing, setEditing] = useState<number | undefined>(undefined)
  const current = form ?? blank()
  const set = (patch: Partial<Form>) => setForm({ ...current, ...patch })
  const setSession = (i: number, patch: Partial<SessionRow>) =>
    set({ sessions: current.sessions.map((s, j) => (j === i ? { ...s, ...patch } : s)) })
  const reset = () => {
    setForm(null)
    setEditing(undefined)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = bodyOf(current, time)
    const problem = formProblem(calendarEventContract, body)
    if (problem) return notify.problem(problem)
    save.mutate(
      { id: editing, body },
      {
        onSuccess: () => {
          notify.success(editing ? 'Event Updated' : 'Event Added', `${current.name} is on the race calendar.`)
          reset()
        },
        onError: (error) => {
          if (!isUnauthorized(error)) notify.failed('Error', 'Failed to save the calendar event', error)
        },
      },
    )
  }

  const edit = (e: AdminCalendarEvent) => {
    setEditing(e.id)
    setForm({
      championshipId: String(e.setId ?? ''),
      name: e.name,
      track: e.track,
      round: e.round ? String(e.round) : '',
      sessions: e.sessions.map((s) => ({
        id: s.id,
        name: s.name,
        startsAt: time.toInput(s.startsAt),
        durationMinutes: String(s.durationMinutes),
      })),
    })
  }

  const onDelete = async (e: AdminCalendarEvent) => {
    if (!(await confirmDelete(`Delete ${e.name} from the calendar of ${e.calendarName}?`))) return
    try {
      await remove.mutateAsync(e.id)
      notify.success('Deleted!', `${e.name} was taken off the calendar.`)
      if (editing === e.id) reset()
    } catch (error) {
      if (!isUnauthorized(error)) notify.failed('Error', 'Failed to delete the calendar event', error)
    }
  }

  const onReadF1 = () =>
    readF1.mutate(undefined, {
      onSuccess: (read) =>
        notify.success('F1 Calendar Read', `${read.races} Grand Prix weekends (${read.seasons.join(', ')}).`),
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Error', 'Failed to read the F1 calendar', error)
      },
    })

  const owners = (calendar.data?.events ?? []).filter((e) => e.source === 'owner')
  const f1 = calendar.data?.f1

  return (
    <section aria-labelledby="race-calendar-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="race-calendar-heading" className="section-title scroll-mt-20">
          Race Calendar
        </h2>
        <p className="text-sm text-gray-300">
          Race weekends on{' '}
          <a href="/calendar" className="underline">
            /calendar
          </a>{' '}
          and in its calendar feeds. Starts are typed on the clock of {time.zone}; readers see them in their own time
          zone.
        </p>
      </div>

      <div className="flex flex-wrap items-center gap-3 rounded-lg bg-ink/60 px-3 py-2 text-sm text-gray-300">
        <p className="min-w-0 flex-1">
          <span className="font-semibold text-white">Formula 1</span> (Jolpica-F1):{' '}
          {f1?.readAt ? `${f1.events} weekends (${f1.seasons ?? ''}), read ${time.recent(f1.readAt)}` : 'not read yet'}
          {f1?.error ? ` · last try failed: ${f1.error}` : ''}
        </p>
        <button type="button" className="btn-outline" disabled={readF1.isPending} onClick={onReadF1}>
          {readF1.isPending ? 'Reading…' : 'Read the F1 Calendar'}
        </button>
      </div>

      <form
        onSubmit={submit}
        className="flex flex-col gap-4"
        aria-label={editing ? 'Edit calendar event' : 'Add calendar event'}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Championship of the event"
            value={current.championshipId}
            onChange={(championshipId) => set({ championshipId })}
            options={championships.map((c) => ({ value: String(c.id), label: c.championshipName }))}
          />
          <TextField label="Event name" value={current.name} onChange={(name) => set({ name })} required />
          <TextField label="Track" value={current.track} onChange={(track) => set({ track })} />
          <TextField
            label="Round"
            inputMode="numeric"
            hint="Its imported results are linked from the event"
            value={current.round}
            onChange={(round) => set({ round })}
          />
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-gray-200">Sessions (start in {time.zone})</legend>
          {current.sessions.map((s, i) => (
            <div key={s.id ?? `new-${i}`} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_8rem_auto]">
              <TextField label={`Session ${i + 1} name`} value={s.name} onChange={(name) => setSession(i, { name })} />
              <TextField
                label={`Session ${i + 1} start (${time.zone})`}
                type="datetime-local"
                value={s.startsAt}
                onChange={(startsAt) => setSession(i, { startsAt })}
              />
              <TextField
                label={`Session ${i + 1} minutes`}
                inputMode="numeric"
                value={s.durationMinutes}
                onChange={(durationMinutes) => setSession(i, { durationMinutes })}
              />
              <button
                type="button"
                className="btn-outline"
                aria-label={`Remove session ${i + 1}`}
                disabled={current.sessions.length === 1}
                onClick={() => set({ sessions: current.sessions.filter((_, j) => j !== i) })}
              >
                Remove
              </button>
            </div>
          ))}
          <div>
            <button
              type="button"
              className="btn-outline"
              disabled={current.sessions.length >= MAX_SESSIONS}
              onClick={() =>
                set({ sessions: [...current.sessions, { name: '', startsAt: '', durationMinutes: '60' }] })
              }
            >
              Add Session
            </button>
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={save.isPending || championships.length === 0}>
            {save.isPending ? 'Saving…' : editing ? 'Update Event' : 'Add Event'}
          </button>
          {(editing || form) && (
            <button type="button" className="btn-outline" onClick={reset} disabled={save.isPending}>
              Cancel
            </button>
          )}
        </div>
      </form>

      {calendar.isPending ? (
        <p className="text-gray-300">Loading the calendar...</p>
      ) : calendar.isError ? (
        <LoadError text="Error loading the calendar." onRetry={() => calendar.refetch()} />
      ) : owners.length === 0 ? (
        <p className="text-gray-300">No events of your championships yet.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Calendar events">
          {owners.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center gap-3 rounded-lg bg-ink/60 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-white">
                  {e.calendarName}
                  {e.round ? ` · Round ${e.round}` : ''} · {e.name}
                  {e.track ? ` at ${e.track}` : ''}
                </p>
                <p className="text-sm text-gray-300">
                  {e.sessions.map((s) => `${s.name} ${time.recent(s.startsAt)}`).join(' · ')}
                  {e.result ? ` · Results imported: won by ${e.result.winner}` : ''}
                </p>
              </div>
              <button type="button" className="btn-outline" aria-label={`Edit ${e.name}`} onClick={() => edit(e)}>
                Edit
              </button>
              <button
                type="button"
                className="btn-outline"
                aria-label={`Delete ${e.name}`}
                disabled={remove.isPending}
                onClick={() => void onDelete(e)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
