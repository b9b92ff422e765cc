import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm'
import { sanitizeArticleHtml } from '../../lib/sanitize-article.ts'
import { newsSearchPattern } from '../../lib/search.ts'
import { searchTerm, suggestion, wholeWordPattern, wordsOf, type NewsOrder } from '../../lib/news-search.ts'
import { db } from '../db/client.ts'
import { newsArticles, revisions } from '../db/schema.ts'
import { noteChange } from '../events/note-change.ts'
import { markChanged } from '../cdn/outbox.ts'
import {
  deleteVersioned,
  insertVersioned,
  keepRevision,
  updateVersioned,
  type ChangeBy,
  type Tx,
} from '../revisions/keep.ts'

/** The stored search text is Postgres's own business: no query below reads or returns it. */
const { searchText: _searchText, ...articleColumns } = getTableColumns(newsArticles)

export type NewsArticle = Omit<typeof newsArticles.$inferSelect, 'searchText'>
export type NewNewsArticle = typeof newsArticles.$inferInsert

/**
 * Article HTML is stored sanitized with the article allow-list, whoever writes it: every write of
 * an article's content in this module goes through here, and so do the other writers (a revision
 * restore, a backup restore), so that no API answer and no admin preview carries what the public
 * page would strip (issue 31, decision 0516: a restored meta refresh reached the admin Preview).
 * Sanitizing is idempotent: content the route sanitized already comes out the same.
 */
export function withSanitizedContent<T extends { content?: unknown }>(values: T): T {
  return typeof values.content === 'string' ? { ...values, content: sanitizeArticleHtml(values.content) } : values
}

export const newsOrder = [asc(newsArticles.displayOrder), desc(newsArticles.timestamp), desc(newsArticles.id)]

/**
 * The one condition that keeps unpublished drafts (AI articles awaiting review) off the public
 * site, its API, feed and sitemap. Every public read goes through `where()` below, which applies it
 * unless the admin asks for drafts explicitly.
 */
export const publishedOnly = eq(newsArticles.status, 'published')

/**
 * The admin's status filter. A scheduled article is a draft with a publish time (the scheduler
 * publishes it then); 'drafts' are the ones kept by hand, without one.
 */
export const newsStatuses = ['drafts', 'published', 'scheduled'] as const
export type NewsStatusFilter = (typeof newsStatuses)[number]

const statusCondition: Record<NewsStatusFilter, SQL> = {
  drafts: and(eq(newsArticles.status, 'draft'), isNull(newsArticles.publishAt))!,
  scheduled: and(eq(newsArticles.status, 'draft'), isNotNull(newsArticles.publishAt))!,
  published: publishedOnly,
}

export interface NewsFilter {
  /** The admin's list: drafts too. Public reads never set it. */
  includeDrafts?: boolean
  /** The admin's status filter (only with includeDrafts). */
  status?: NewsStatusFilter
  /** Only the articles the AI wrote (only with includeDrafts). */
  aiOnly?: boolean
  /** Case-insensitive substring of title, excerpt or content (spec 000 section 5). */
  search?: string
  /** Exact category. */
  category?: string
  /** A search's order: the most relevant first (the default), or the newest (decision 0872). */
  order?: NewsOrder
  limit?: number
  offset?: number
}

/**
 * Which articles a list shows: the one place every list and count of the visitor's news takes its
 * conditions from (a 'published only' rule belongs here).
 * The search is a LIKE on the lowercased search_text column, which its trigram index answers
 * (docs/decisions/0110); the pattern escapes % and _ so they match themselves.
 */
function where(filter: NewsFilter): SQL | undefined {
  const parts: SQL[] = filter.includeDrafts ? [] : [publishedOnly]
  if (filter.includeDrafts && filter.status) parts.push(statusCondition[filter.status])
  if (filter.includeDrafts && filter.aiOnly) parts.push(eq(newsArticles.aiGenerated, true))
  const pattern = newsSearchPattern(filter.search ?? '')
  if (pattern !== null) parts.push(sql`${newsArticles.searchText} like lower(${pattern})`)
  // The category filter ignores case, as the search does: /news keys its copies on the case-folded
  // category (src/lib/news-query.ts).
  if (filter.category) parts.push(sql`lower(${newsArticles.category}) = lower(${filter.category})`)
  return parts.length ? and(...parts) : undefined
}

/** The filter's slice (limit, offset) of an ordered dynamic query. */
function slice<Q extends { limit(n: number): unknown; offset(n: number): unknown }>(query: Q, filter: NewsFilter): Q {
  if (filter.limit !== undefined) query.limit(filter.limit)
  if (filter.offset !== undefined) query.offset(filter.offset)
  return query
}

/** The most a Google News sitemap may list (Google's rule: at most 1,000 news URLs per sitemap). */
export const NEWS_SITEMAP_MAX = 1000

/** The published articles of the Google News sitemap: those published since `since`, newest first. */
export async function listNewsPublishedSince(
  since: Date,
): Promise<{ id: number; title: string; slug: string | null; timestamp: Date }[]> {
  return db()
    .select({
      id: newsArticles.id,
      title: newsArticles.title,
      slug: newsArticles.slug,
      timestamp: newsArticles.timestamp,
    })
    .from(newsArticles)
    .where(and(where({}), gte(newsArticles.timestamp, since)))
    .orderBy(desc(newsArticles.timestamp), desc(newsArticles.id))
    .limit(NEWS_SITEMAP_MAX)
}

/** Every published article's id and last change, for the sitemap (two columns, not 10,000 bodies). */
export async function listNewsSitemap(): Promise<
  { id: number; title: string; slug: string | null; updatedAt: Date }[]
> {
  return db()
    .select({
      id: newsArticles.id,
      title: newsArticles.title,
      slug: newsArticles.slug,
      updatedAt: newsArticles.updatedAt,
    })
    .from(newsArticles)
    .where(where({}))
    .orderBy(...newsOrder)
}

export async function listNews(filter: NewsFilter = {}): Promise<NewsArticle[]> {
  return slice(
    db()
      .select(articleColumns)
      .from(newsArticles)
      .where(where(filter))
      .orderBy(...newsOrder)
      .$dynamic(),
    filter,
  )
}

export async function countNews(filter: NewsFilter = {}): Promise<number> {
  const [row] = await db().select({ n: count() }).from(newsArticles).where(where(filter))
  return row?.n ?? 0
}

/**
 * The highest article id ever handed out (a deleted article's too): no article can have a larger
 * one until the next is created, so `/news/{id}` beyond it is no page (docs/decisions/0702). The id
 * sequence says it (null until it was first used); a restore sets the sequence past the rows it
 * stored without using it, so the largest stored id counts as well.
 */
export async function highestNewsId(): Promise<number> {
  const rows = await db().execute<{ highest: number | string | null }>(
    sql`select greatest(
      pg_sequence_last_value(pg_get_serial_sequence('news_articles', 'id')::regclass),
      (select max(${newsArticles.id}) from ${newsArticles})
    ) as highest`,
  )
  return Number(rows[0]?.highest ?? 0)
}

/**
 * A search's order (decision 0872): the newest first, or the most relevant: the term in the title
 * as a whole word, then inside a longer word, then the articles that hold it in their excerpt or
 * text; the newest first within each. The regular expression of a whole word runs only on a title
 * that a LIKE found the term in. The excerpt is not a tier of its own: at 100,000 articles with the
 * term in every one, reading every excerpt too took 355-570 ms against 250 ms (and 175 ms
 * unranked), measured on the embedded database (docs/benchmarks.md).
 */
function searchOrder(filter: NewsFilter): SQL[] {
  const newest = [desc(newsArticles.timestamp), desc(newsArticles.id)]
  if (filter.order === 'newest') return newest
  const term = searchTerm(filter.search ?? '')
  const title = sql`lower(${newsArticles.title})`
  const tier = sql`case when ${title} like ${newsSearchPattern(term)} then case when ${title} ~ ${wholeWordPattern(term)} then 0 else 1 end else 2 end`
  return [asc(tier), ...newest]
}

/**
 * One page of a list and how many articles the whole list has (the X-Total-Count of /api/news).
 * A search reads the matching rows once: the page's ids in list order come with the count of every
 * match alongside (a window over narrow rows), then the page's articles are read by id. A search
 * for a word in every article reads all 10,000 rows' text; a list query and a count query read it
 * twice (docs/decisions/0110).
 */
export async function findNewsPage(filter: NewsFilter): Promise<{ items: NewsArticle[]; total: number }> {
  // Without a search the list's order index answers the page and the count is cheap: two queries.
  if (newsSearchPattern(filter.search ?? '') === null) {
    const [items, total] = await Promise.all([listNews(filter), countNews(filter)])
    return { items, total }
  }
  const page = await slice(
    db()
      .select({ id: newsArticles.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(newsArticles)
      .where(where(filter))
      .orderBy(...searchOrder(filter))
      .$dynamic(),
    filter,
  )
  // Past the end of the list no row carries the count.
  if (page.length === 0) return { items: [], total: filter.offset ? await countNews(filter) : 0 }
  const rows = await db()
    .select(articleColumns)
    .from(newsArticles)
    .where(
      inArray(
        newsArticles.id,
        page.map((p) => p.id),
      ),
    )
  const byId = new Map(rows.map((row) => [row.id, row]))
  // An article deleted between the two reads is left out of the page.
  const items = page.flatMap((p) => {
    const row = byId.get(p.id)
    return row ? [row] : []
  })
  return { items, total: page[0]!.total }
}

/** How near a word of the site must be to a typed word to be read for 'Did you mean' (pg_trgm word similarity). */
const NEAR_WORD_SIMILARITY = 0.4
/** How many of the nearest titles are read for each word the site does not have. */
const NEAR_TITLES = 20

/** How many articles the all-words block shows (decision 0872). */
export const ALL_WORDS_MAX = 6

export interface SearchHelp {
  /** 'Did you mean': the search with the site's own spelling of its words, or null. */
  suggestion: string | null
  /** The articles holding every word of a search of several words, in any order, newest first. */
  allWords: NewsArticle[]
}

/**
 * What a search that found nothing is offered (decision 0872): 'Did you mean' from the site's own
 * words (the titles and categories of the articles whose title words are nearest, by pg_trgm's word
 * similarity `<%` in the `extensions` schema, which news_title_trgm_idx answers; the tracks of its
 * results and its calendar, and the calendar's race names; the drivers of its standings), and the
 * articles holding all the words of a search of several words in any order. Published articles
 * only, the category filter applied.
 */
export async function newsSearchHelp(search: string, category?: string): Promise<SearchHelp> {
  const term = searchTerm(search)
  const words = [...new Set(wordsOf(term))]
  if (words.length === 0) return { suggestion: null, allWords: [] }
  const published = where({ category })
  // pg_trgm's `<%` keeps the titles with a word sharing 60% of the typed word's trigrams by default:
  // a swap of two letters inside a short word ('chicnae') shares only half. 0.4 for this read alone.
  // Only the words the site does not have as they were typed are looked for.
  const near = await db().transaction(async (tx) => {
    await tx.execute(sql`set local pg_trgm.word_similarity_threshold = ${sql.raw(String(NEAR_WORD_SIMILARITY))}`)
    const title = sql`lower(${newsArticles.title})`
    const found = []
    for (const w of words.filter((word) => word.length >= 3)) {
      const [known] = await tx
        .select({ id: newsArticles.id })
        .from(newsArticles)
        .where(and(published, sql`${newsArticles.searchText} like ${newsSearchPattern(w)}`))
        .limit(1)
      if (known) {
        found.push({ title: w, category: '' })
        continue
      }
      found.push(
        ...(await tx
          .select({ title: newsArticles.title, category: newsArticles.category })
          .from(newsArticles)
          .where(and(published, sql`${w}::text operator(extensions.<%) ${title}`))
          .orderBy(sql`extensions.word_similarity(${w}::text, ${title}) desc`)
          .limit(NEAR_TITLES)),
      )
    }
    return found
  })
  const [tracks, drivers] = await Promise.all([
    // The circuits of the imported results and of the calendar's races, and the races' names.
    db().execute<{ name: string }>(sql`
      select track as name from race_sessions
      union select track from calendar_events union select name from calendar_events`),
    db().execute<{ name: string }>(sql`select distinct driver_name as name from standings_rows limit 2000`),
  ])
  // Titles, categories, tracks and drivers first: their spelling (capitals, accents) is the one offered.
  const vocabulary = [
    ...near.flatMap((row) => [...wordsOf(row.title), ...wordsOf(row.category)]),
    ...[...tracks, ...drivers].flatMap((row) => wordsOf(row.name)),
  ]
  const allWords =
    words.length < 2
      ? []
      : await db()
          .select(articleColumns)
          .from(newsArticles)
          .where(and(published, ...words.map((w) => sql`${newsArticles.searchText} like ${newsSearchPattern(w)}`)))
          .orderBy(desc(newsArticles.timestamp), desc(newsArticles.id))
          .limit(ALL_WORDS_MAX)
  return { suggestion: suggestion(term, vocabulary), allWords }
}

/** How many articles of the admin's list (search and category applied) each status has: one pass. */
export async function countNewsByStatus(
  filter: Omit<NewsFilter, 'status' | 'includeDrafts' | 'limit' | 'offset'> = {},
): Promise<Record<NewsStatusFilter | 'all', number>> {
  const n = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number)
  const [row] = await db()
    .select({
      all: count(),
      drafts: n(statusCondition.drafts),
      published: n(statusCondition.published),
      scheduled: n(statusCondition.scheduled),
    })
    .from(newsArticles)
    .where(where({ ...filter, includeDrafts: true }))
  return row ?? { all: 0, drafts: 0, published: 0, scheduled: 0 }
}

/** The newest articles by date (the RSS feed). */
export async function listLatestNews(limit: number): Promise<NewsArticle[]> {
  return db()
    .select(articleColumns)
    .from(newsArticles)
    .where(where({}))
    .orderBy(desc(newsArticles.timestamp), desc(newsArticles.id))
    .limit(limit)
}

/** Every category an article has, alphabetically: the news list's category filter. */
export async function listNewsCategories(): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ category: newsArticles.category })
    .from(newsArticles)
    .where(and(where({}), ne(sql`trim(${newsArticles.category})`, '')))
    .orderBy(asc(newsArticles.category))
  return rows.map((r) => r.category)
}

export async function getNews(id: number, options: { includeDrafts?: boolean } = {}): Promise<NewsArticle | undefined> {
  const [row] = await db()
    .select(articleColumns)
    .from(newsArticles)
    .where(options.includeDrafts ? eq(newsArticles.id, id) : and(eq(newsArticles.id, id), publishedOnly))
  return row
}

/**
 * A reviewed draft goes live, dated now; answers undefined when there is no such article. The
 * draft is kept as a version (src/server/revisions).
 */
export async function publishNews(id: number, now = new Date(), by?: ChangeBy): Promise<NewsArticle | undefined> {
  const row = await db().transaction((tx) =>
    updateVersioned(
      tx,
      'news',
      id,
      async () => {
        const [published] = await tx
          .update(newsArticles)
          .set({ status: 'published', publishAt: null, timestamp: now, updatedAt: now })
          .where(and(eq(newsArticles.id, id), eq(newsArticles.status, 'draft')))
          .returning(articleColumns)
        return published
      },
      by,
    ),
  )
  return row ?? getNews(id, { includeDrafts: true })
}

/**
 * Sets or clears a draft's publish time (schedule, unschedule). Answers 'published' for an article
 * already live (nothing changes), undefined when there is no such article.
 */
export async function scheduleNews(id: number, publishAt: Date | null): Promise<NewsArticle | 'published' | undefined> {
  const [row] = await db()
    .update(newsArticles)
    .set({ publishAt, updatedAt: new Date() })
    .where(and(eq(newsArticles.id, id), eq(newsArticles.status, 'draft')))
    .returning(articleColumns)
  if (row) return row
  return (await getNews(id)) ? 'published' : undefined
}

/**
 * The scheduler's part (every minute): every scheduled article whose time has come goes live,
 * dated the time it was set for, and its History keeps the draft it was, by the scheduler. Answers
 * what it published. A concurrent tick publishes each once: it skips the rows another has locked
 * and takes only rows still in draft.
 */
export async function publishDueNews(now = new Date()): Promise<{ id: number; title: string }[]> {
  return db().transaction(async (tx) => {
    const due = await tx
      .select(articleColumns)
      .from(newsArticles)
      .where(and(eq(newsArticles.status, 'draft'), lte(newsArticles.publishAt, now)))
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    const published = await tx
      .update(newsArticles)
      .set({ status: 'published', timestamp: sql`${newsArticles.publishAt}`, publishAt: null, updatedAt: now })
      .where(
        and(
          inArray(
            newsArticles.id,
            due.map((d) => d.id),
          ),
          eq(newsArticles.status, 'draft'),
        ),
      )
      .returning(articleColumns)
    const by = { actor: 'scheduler', summary: 'Published at its scheduled time' } as const
    for (const after of published) {
      const before = due.find((d) => d.id === after.id)!
      await keepRevision(tx, { entity: 'news', id: after.id, action: 'update', before, after, by })
      await noteChange(tx, 'news', after.id, before, after)
    }
    return published.map((row) => ({ id: row.id, title: row.title }))
  })
}

/** New articles go to the top of the list. */
export async function insertNews(values: NewNewsArticle): Promise<NewsArticle> {
  return db().transaction(async (tx) => {
    const [top] = await tx.select({ min: sql<number | null>`min(${newsArticles.displayOrder})` }).from(newsArticles)
    const displayOrder = (top?.min ?? 1) - 1
    return insertVersioned(tx, 'news', async () => {
      const [row] = await tx
        .insert(newsArticles)
        .values({ ...withSanitizedContent(values), displayOrder })
        .returning(articleColumns)
      return row!
    })
  })
}

/** Keeps the version it replaces (src/server/revisions). */
export async function updateNews(
  id: number,
  values: Partial<NewNewsArticle>,
  by?: ChangeBy,
): Promise<NewsArticle | undefined> {
  return db().transaction((tx) => writeVersioned(tx, id, values, by))
}

function writeVersioned(tx: Tx, id: number, values: Partial<NewNewsArticle>, by?: ChangeBy) {
  return updateVersioned(
    tx,
    'news',
    id,
    async () => {
      const [row] = await tx
        .update(newsArticles)
        .set({ ...withSanitizedContent(values), updatedAt: new Date() })
        .where(eq(newsArticles.id, id))
        .returning(articleColumns)
      return row
    },
    by,
  )
}

/**
 * An edit made from the copy the editor read (its `updatedAt`, `since`): answers 'conflict' and
 * changes nothing when the article changed after that copy was read (another tab saved it), so one
 * tab never overwrites another's work unknowingly (decision 0511). The row stays locked from the
 * check to the write.
 */
export async function updateNewsSince(
  id: number,
  values: Partial<NewNewsArticle>,
  since: Date,
  options: { autosave?: boolean; now?: Date } = {},
): Promise<NewsArticle | 'conflict' | 'published' | undefined> {
  const now = options.now ?? new Date()
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({ updatedAt: newsArticles.updatedAt, status: newsArticles.status })
      .from(newsArticles)
      .where(eq(newsArticles.id, id))
      .for('update')
    if (!current) return undefined
    if (current.updatedAt.getTime() !== since.getTime()) return 'conflict'
    if (!options.autosave) return writeVersioned(tx, id, values)
    // A published article changes only when the owner says so (Update Article): no autosave.
    if (current.status === 'published') return 'published'
    if (await autosavedRecently(tx, id, now)) {
      const [row] = await tx
        .update(newsArticles)
        .set({ ...withSanitizedContent(values), updatedAt: now })
        .where(eq(newsArticles.id, id))
        .returning(articleColumns)
      return row
    }
    return writeVersioned(tx, id, values, { summary: AUTOSAVE_SUMMARY })
  })
}

export const AUTOSAVE_SUMMARY = 'Autosaved'
/** Autosaves this close together are one editing session: History keeps the version from before it. */
export const AUTOSAVE_SESSION_MS = 30 * 60_000

/**
 * Whether the article's newest version was kept by an autosave of the current session. Autosaving
 * every few seconds of quiet would otherwise push the owner's real versions out of the 50 kept
 * (decision 0600): only the first autosave of a session keeps the version it replaces.
 */
async function autosavedRecently(tx: Tx, id: number, now: Date): Promise<boolean> {
  const [last] = await tx
    .select({ summary: revisions.summary, createdAt: revisions.createdAt })
    .from(revisions)
    .where(and(eq(revisions.entity, 'news'), eq(revisions.entityId, id)))
    .orderBy(desc(revisions.createdAt), desc(revisions.id))
    .limit(1)
  return last?.summary === AUTOSAVE_SUMMARY && now.getTime() - last.createdAt.getTime() < AUTOSAVE_SESSION_MS
}

export async function deleteNews(id: number, by?: ChangeBy): Promise<boolean> {
  return db().transaction((tx) =>
    deleteVersioned(tx, 'news', id, () => tx.delete(newsArticles).where(eq(newsArticles.id, id)), by),
  )
}

/**
 * Swaps an article with its neighbour in the list order, in one transaction: the whole list is
 * renumbered 1..n first (seeded and generated articles may share a displayOrder).
 * Answers 'moved', 'edge' (already first or last) or 'missing'.
 */
export async function moveNews(id: number, direction: 'up' | 'down'): Promise<'moved' | 'edge' | 'missing'> {
  return db().transaction(async (tx) => {
    const rows = await tx
      .select({ id: newsArticles.id })
      .from(newsArticles)
      .orderBy(...newsOrder)
      .for('update')
    const ids = rows.map((r) => r.id)
    const index = ids.indexOf(id)
    if (index < 0) return 'missing'
    const other = direction === 'up' ? index - 1 : index + 1
    if (other < 0 || other >= ids.length) return 'edge'
    ;[ids[index], ids[other]] = [ids[other]!, ids[index]!]
    const orders = ids.map((_, i) => i + 1)
    // The order is the list's, not the article's: updated_at (the sitemap's lastmod, the editor's
    // version check) stays.
    await tx.execute(sql`
      update ${newsArticles} set display_order = v.ord
      from (select unnest(${sql.param(ids)}::int[]) as id, unnest(${sql.param(orders)}::int[]) as ord) as v
      where ${newsArticles.id} = v.id and ${newsArticles.displayOrder} <> v.ord`)
    await markChanged(tx, ['news'])
    return 'moved'
  })
}
