import { siteAddress } from '../server/pages/site-address.ts'
import type { APIRoute } from 'astro'
import { pageTags } from '../lib/cache-tags.ts'
import { calendarFeed, icsHeaders } from '../server/features/calendar/index.ts'
import { listCalendar } from '../server/features/calendar/index.ts'

/** Rendered on demand and kept at the CDN until the calendar changes (docs/decisions/0700, 0425). */
export const prerender = false

/** Every session of every championship's calendar, Formula 1's included: one feed to subscribe to. */
export const GET: APIRoute = async ({ site, cache }) => {
  cache.set({ tags: [...pageTags['/calendar.ics']!] })
  const events = await listCalendar({ publicOnly: true })
  const body = calendarFeed({
    name: 'SimRacing Hub Race Calendar',
    siteUrl: siteAddress(site),
    events,
  })
  return new Response(body, { headers: icsHeaders('race-calendar.ics') })
}
