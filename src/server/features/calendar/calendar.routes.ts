import { Hono } from 'hono'
import { calendarEventContract, eventNameMessage, type CalendarEventValue } from '../../../lib/forms/calendar-event.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { readF1Calendar } from './sync.ts'
import { noStore } from '../../http/cache.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { idParams, jsonBody } from '../../http/validate.ts'
import { countSeriesEvents } from './calendar-series.repo.ts'
import { readSync } from './calendar-sync.repo.ts'
import {
  createCalendarEvent,
  deleteCalendarEvent,
  listCalendar,
  updateCalendarEvent,
  type EventInput,
} from './calendar.repo.ts'
import { getStandingsSet } from '../../repos/standings.repo.ts'

/** What a calendar write changes on the public site: /calendar, its feeds, the cards' next race. */

/** The body as the repository takes it; a championship that does not exist is a 404. */
async function eventInput(body: CalendarEventValue): Promise<EventInput & { championshipName: string }> {
  const set = await getStandingsSet(body.championshipId)
  if (!set) throw notFound('Championship not found')
  return {
    setId: set.id,
    championshipName: set.championshipName,
    name: body.name,
    track: body.track ?? '',
    round: body.round ?? null,
    season: body.season || set.season,
    sessions: body.sessions.map((s) => ({
      ...(s.id !== undefined ? { id: s.id } : {}),
      name: s.name,
      startsAt: s.startsAt,
      durationMinutes: s.durationMinutes ?? 60,
    })),
  }
}

const findEvent = async (id: number) => (await listCalendar()).find((e) => e.id === id)

/**
 * The race calendar (docs/decisions/0425), under /api/admin/calendar: every event with its sessions
 * and the state of Formula 1's schedule (GET /), the owner's events (POST /events, PUT and DELETE
 * /events/:id), and a read of Formula 1's schedule from Jolpica-F1 now (POST /f1/refresh).
 */
export const calendarRoutes = new Hono()
  .use(noStore())
  .get('/', async (c) => {
    const [events, f1, f1Events] = await Promise.all([listCalendar(), readSync('f1'), countSeriesEvents('f1')])
    return c.json({
      events,
      f1: {
        readAt: f1?.doneAt ?? null,
        attemptedAt: f1?.attemptedAt ?? null,
        seasons: f1?.season ?? null,
        error: f1?.error ?? null,
        events: f1Events,
      },
    })
  })
  .post('/events', jsonBody(calendarEventContract.schema, eventNameMessage), async (c) => {
    const input = await eventInput(c.req.valid('json'))
    const id = await createCalendarEvent(input)
    recordWrite(c, {
      entity: 'calendar-event',
      id,
      summary: `Added ${input.name} to the calendar of ${input.championshipName}`,
    })
    return c.json(await findEvent(id), 201)
  })
  .put('/events/:id', idParams(), jsonBody(calendarEventContract.schema, eventNameMessage), async (c) => {
    const { id } = c.req.valid('param')
    const input = await eventInput(c.req.valid('json'))
    const outcome = await updateCalendarEvent(id, input)
    if (outcome === 'not-found') throw notFound('Calendar event not found')
    if (outcome === 'not-owners') {
      throw badRequest("Formula 1's sessions come from Jolpica-F1's schedule: Read the F1 Calendar updates them.")
    }
    if (outcome === 'unknown-session') throw badRequest('A session sent is not one of this event.')
    recordWrite(c, {
      entity: 'calendar-event',
      id,
      summary: `Changed ${input.name} on the calendar of ${input.championshipName}`,
    })
    return c.json(await findEvent(id))
  })
  .delete('/events/:id', idParams(), async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteCalendarEvent(id))) throw notFound('Calendar event not found')
    recordWrite(c, { entity: 'calendar-event', id, summary: 'Deleted a calendar event' })
    return c.json({ id, deleted: true })
  })
  .post('/f1/refresh', async (c) => {
    const read = await readF1Calendar(c.var.platform.external)
    recordWrite(c, {
      entity: 'calendar',
      summary: `Read the F1 calendar from Jolpica-F1: ${read.races} races (${read.seasons.join(', ')})`,
    })
    return c.json(read)
  })
