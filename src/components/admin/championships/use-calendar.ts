import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import type { CalendarEventBody } from '../../../lib/forms/calendar-event.ts'
import { refresh } from '../shared/refresh.ts'

const key = ['calendar'] as const
const calendar = api.admin.calendar

/** Every calendar event with its sessions, and the state of Formula 1's schedule (GET /api/admin/calendar). */
export const useCalendar = () => useQuery({ queryKey: key, queryFn: () => unwrap(calendar.$get()) })

export type AdminCalendar = NonNullable<ReturnType<typeof useCalendar>['data']>
export type AdminCalendarEvent = AdminCalendar['events'][number]

function useCalendarMutation<V, R>(call: (v: V) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => refresh(client, key) })
}

/** Adds an event (no id) or changes one (its sessions sent with their ids keep their UIDs). */
export const useSaveCalendarEvent = () =>
  useCalendarMutation(({ id, body }: { id?: number; body: CalendarEventBody }) =>
    id === undefined
      ? unwrap(calendar.events.$post({ json: body }))
      : unwrap(calendar.events[':id'].$put({ param: { id: String(id) }, json: body })),
  )

export const useDeleteCalendarEvent = () =>
  useCalendarMutation((id: number) => unwrap(calendar.events[':id'].$delete({ param: { id: String(id) } })))

/** Reads Formula 1's schedule from Jolpica-F1 now. */
export const useReadF1Calendar = () => useCalendarMutation(() => unwrap(calendar.f1.refresh.$post()))
