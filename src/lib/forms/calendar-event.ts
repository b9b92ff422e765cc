import { z } from 'zod'
import { calendarDateTime } from '../calendar-date.ts'
import { formContract } from './contract.ts'
import { intFrom, optionalText, requiredText } from './fields.ts'

/**
 * A race weekend of a championship's calendar (docs/decisions/0425): the Championships tab's 'Race
 * Calendar' form and POST / PUT /api/admin/calendar/events share this contract. Session starts are
 * UTC ('2026-12-06T14:00', or any ISO instant with its offset); a session sent with its `id` keeps
 * its iCalendar UID.
 */
export const eventNameMessage = 'Please enter the event name.'
export const sessionsMessage = 'Please add at least one session with its start.'
export const MAX_SESSIONS = 12
/**
 * The years a session may start in: races of this century. A session has an end (its start and
 * length), written in every feed with a four-digit year; 9999-12-31 ended in year 10000 (issue 42).
 */
export const SESSION_YEARS = { minYear: 2000, maxYear: 2100 }

const session = z.object(
  {
    id: intFrom('The session', 1, 2_147_483_647).optional(),
    name: requiredText('Please name every session (Practice, Qualifying, Race...).', 60, 'The session name'),
    startsAt: calendarDateTime('The session start', SESSION_YEARS),
    durationMinutes: z
      .union([intFrom('The session length', 1, 10_080), z.literal(''), z.null()])
      .transform((v) => (v === '' || v === null ? 60 : v))
      .optional(),
  },
  { message: sessionsMessage },
)

export const calendarEventContract = formContract(
  z.object(
    {
      championshipId: intFrom('The championship', 1, 2_147_483_647, 'Please choose the championship.'),
      name: requiredText(eventNameMessage, 100, 'The event name'),
      track: optionalText(100, 'The track').optional(),
      round: z
        .union([intFrom('The round', 1, 1000), z.literal(''), z.null()])
        .transform((v) => (v === '' ? null : v))
        .optional(),
      season: optionalText(20, 'The season').optional(),
      sessions: z
        .array(session, { message: sessionsMessage })
        .min(1, sessionsMessage)
        .max(MAX_SESSIONS, `An event has at most ${MAX_SESSIONS} sessions.`),
    },
    { message: eventNameMessage },
  ),
  'Missing Information',
)

export type CalendarEventBody = z.input<typeof calendarEventContract.schema>
export type CalendarEventValue = z.output<typeof calendarEventContract.schema>
