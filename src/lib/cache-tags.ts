import { NEWS_LIST_PARAMS } from './news-query.ts'
import { publicPages } from './public-pages.ts'

/**
 * The CDN cache tags of every public answer (pages, feeds, cards and the public API) and the pages
 * each tag shows up on (docs/decisions/0700). A page or answer carries the tags of the content it
 * shows; a write says which tags it changed; the purger purges them and visits the pages again,
 * so that the next visitor gets a fresh copy from the CDN.
 *
 * - a list tag ('news', 'games', ...) is carried by every answer that lists that kind of content;
 * - an entity tag (`news:12`) by the one article's page and card, and by its 404 while the id is
 *   free (an article created later with that id purges the cached 404).
 */
export const listTags = [
  'games',
  'accessories',
  'news',
  'standings',
  'championships',
  'lap-times',
  'calendar',
  'streams',
  'reviews',
  'site-settings',
  'image-library',
  'seo',
  // What a page shows from the audience figures ('Most read this week' under an article): purged by
  // the daily fold when it changed (docs/decisions/0852).
  'audience',
] as const

export type ListTag = (typeof listTags)[number]
export type EntityTag = `news:${number}`
export type CacheTag = ListTag | EntityTag

/** The purge of everything (the System tab's 'Purge Everything', a backup restore). */
export const EVERYTHING = '*'

/** What a write may ask to purge. */
export type PurgeTag = CacheTag | typeof EVERYTHING

export const newsTag = (id: number): EntityTag => `news:${id}`

/** Crawlable news list pages visited again after a news change; later ones fill on their first visit. */
export const REWARMED_NEWS_PAGES = 3

/** The public pages, each with the list tags it carries (src/lib/public-pages.ts, what src/pages renders on demand). */
export const pageTags: Readonly<Record<string, readonly ListTag[]>> = Object.fromEntries(
  publicPages.map((page) => [page.path, page.tags]),
)

/**
 * The query parameters a page reads, which key its copies at the CDN (`Netlify-Vary: query=`); a
 * page not listed reads none, and every query string shares its one copy.
 */
export const pageQueries: Readonly<Record<string, readonly string[]>> = {
  '/news': NEWS_LIST_PARAMS,
}

/** Every tag a cache entry may carry, checked where a write names them. */
export function isCacheTag(value: string): value is CacheTag {
  return (listTags as readonly string[]).includes(value) || /^news:\d{1,10}$/.test(value)
}

/**
 * The pages to visit again once `tags` are purged: the pages that carry them (and the first crawlable
 * news pages, the article's own page). In the order a visitor most likely asks for them.
 */
export function pagesFor(tags: readonly string[]): string[] {
  if (tags.includes(EVERYTHING)) return pagesFor(listTags)
  const pages = new Set<string>()
  for (const [path, carried] of Object.entries(pageTags)) {
    if (carried.some((t) => tags.includes(t))) pages.add(path)
  }
  if (tags.includes('news') || tags.includes('seo')) {
    for (let page = 2; page <= REWARMED_NEWS_PAGES; page++) pages.add(`/news/page/${page}`)
  }
  for (const tag of tags) {
    const id = /^news:(\d+)$/.exec(tag)?.[1]
    if (id) pages.add(`/news/${id}`)
  }
  return [...pages]
}
