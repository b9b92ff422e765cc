import type { ListTag } from './cache-tags.ts'

/**
 * The site's public pages, listed once (issue 41): the header's links, the cache tags each page
 * carries, the sitemap and the audience beacon's list of countable pages are all read from here, so
 * a page added to the site is added everywhere at once (before, /calendar was in three of the four
 * lists and its views were dropped).
 */
export interface PublicPage {
  path: string
  /** Its link in the header (spec 000 section 2), in this list's order; none: not in the header. */
  nav?: string
  /** The list tags it carries at the CDN (docs/decisions/0700): a write of any of them purges it. */
  tags: readonly ListTag[]
  /** An HTML page readers visit: in the sitemap, and its views counted (docs/decisions/0850). */
  page: boolean
}

const pagesAndFeeds: readonly PublicPage[] = [
  // The standings cards show each championship's next race (docs/decisions/0425).
  {
    path: '/',
    nav: 'Home',
    tags: ['news', 'standings', 'calendar', 'streams', 'games', 'accessories', 'site-settings', 'seo'],
    page: true,
  },
  { path: '/games', nav: 'Sim Games', tags: ['games', 'seo'], page: true },
  { path: '/accessories', nav: 'Hardware', tags: ['accessories', 'seo'], page: true },
  { path: '/championships', nav: 'Championships', tags: ['standings', 'calendar', 'seo'], page: true },
  { path: '/lap-times', tags: ['lap-times', 'seo'], page: true },
  // The calendar names the championships and links the results imported as their rounds.
  { path: '/calendar', tags: ['calendar', 'standings'], page: true },
  { path: '/streaming', nav: 'Streams', tags: ['streams', 'seo'], page: true },
  { path: '/news', nav: 'News', tags: ['news', 'seo'], page: true },
  { path: '/reviews', nav: 'Reviews', tags: ['reviews', 'seo'], page: true },
  // Feeds: kept and purged like pages, but no page a reader visits.
  { path: '/calendar.ics', tags: ['calendar', 'standings'], page: false },
  { path: '/rss.xml', tags: ['news'], page: false },
  // Google News' sitemap: the articles of the last 48 hours (src/pages/news-sitemap.xml.ts).
  { path: '/news-sitemap.xml', tags: ['news'], page: false },
]

/**
 * Every public page, the sitemap last: it carries every tag of the pages it lists, so that a change
 * of any of them renders it again with that page's exact `<lastmod>` (issue 43).
 */
export const publicPages: readonly PublicPage[] = [
  ...pagesAndFeeds,
  {
    path: '/sitemap.xml',
    tags: [...new Set(pagesAndFeeds.filter((p) => p.page).flatMap((p) => p.tags))],
    page: false,
  },
]

/** The pages readers visit (the sitemap's and the beacon's list). */
export const readerPages: readonly string[] = publicPages.filter((p) => p.page).map((p) => p.path)
