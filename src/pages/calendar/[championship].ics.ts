import { siteAddress } from '../../server/pages/site-address.ts'
import type { APIRoute } from 'astro'
import { championshipSlug, idOfSlug } from '../../lib/calendar.ts'
import { pageTags } from '../../lib/cache-tags.ts'
import { hasResults } from '../../lib/standings.ts'
import { calendarFeed, icsHeaders } from '../../server/features/calendar/index.ts'
import { listCalendar } from '../../server/features/calendar/index.ts'
import { getStandingsSet } from '../../server/repos/standings.repo.ts'

/** Rendered on demand and kept at the CDN until the calendar changes (docs/decisions/0700, 0425). */
export const prerender = false

/**
 * One championship's sessions (`/calendar/7-sim-gt-cup.ics`): its own events, and Formula 1's for
 * a Formula 1 championship. The id decides; another spelling of the name is a 301 to the feed's
 * address (one copy at the CDN, decision 0702), and an id that is no championship a 404 not kept.
 */
export const GET: APIRoute = async ({ params, site, cache }) => {
  const id = idOfSlug(params.championship ?? '')
  const set = id === undefined ? undefined : await getStandingsSet(id)
  // A championship still off the site (no result yet) has no feed either (docs/decisions/0517).
  if (!set || !hasResults(set)) {
    cache.set(false)
    return new Response('No championship has this calendar.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  const slug = championshipSlug(set.id, set.championshipName)
  if (slug !== params.championship) {
    cache.set(false)
    return new Response(null, {
      status: 301,
      headers: { Location: `/calendar/${slug}.ics`, 'Cache-Control': 'private, max-age=3600' },
    })
  }
  cache.set({ tags: [...pageTags['/calendar.ics']!] })
  const events = await listCalendar({ setId: set.id, publicOnly: true })
  const body = calendarFeed({
    name: `${set.championshipName} – SimRacing Hub`,
    siteUrl: siteAddress(site),
    events,
  })
  return new Response(body, { headers: icsHeaders(`${slug}.ics`) })
}
