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
import {
  relevantPageIds,
  searchTerm,
  suggestion,
  wholeWordPattern,
  wordsOf,
  type NewsOrder,
  type RecentMatches,
  type SearchPlace,
} from '../../lib/news-search.ts'
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

/** The newest first: a search's other order, and the order within each tier of relevance. */
const newestFirst = [desc(newsArticles.timestamp), desc(newsArticles.id)]

/** How many of the newest articles a relevance search reads first (decision 0872). */
export const RECENT_WINDOW = 1000
/**
 * Up to this many matches, a relevance search ranks them all (each one's tier read: about 6
 * microseconds a match on the embedded database, 12 ms for these), decision 0872.
 */
export const RANK_ALL_UP_TO = 2000

/**
 * One page of a list and how many articles the whole list has (the X-Total-Count of /api/news).
 * Without a search, the list's order index answers the page. A search counts its matches (the
 * spec's count: every match is read once) beside its page: the newest first from the matches'
 * window count, or the most relevant (decision 0872): a few matches ranked in one query, many
 * by `relevantPageIds`, which reads the newest articles first and each place's index only when it
 * must. The options are for tests.
 */
export async function findNewsPage(
  filter: NewsFilter,
  { recentWindow = RECENT_WINDOW, rankAllUpTo = RANK_ALL_UP_TO }: { recentWindow?: number; rankAllUpTo?: number } = {},
): Promise<{ items: NewsArticle[]; total: number }> {
  if (newsSearchPattern(filter.search ?? '') === null) {
    const [items, total] = await Promise.all([listNews(filter), countNews(filter)])
    return { items, total }
  }
  const offset = filter.offset ?? 0
  const limit = filter.limit ?? Number.MAX_SAFE_INTEGER
  let ids: number[]
  let total: number
  if (filter.order === 'newest') {
    // One pass: the page's ids with the count of every match alongside.
    const page = await slice(
      db()
        .select({ id: newsArticles.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(newsArticles)
        .where(where(filter))
        .orderBy(...newestFirst)
        .$dynamic(),
      filter,
    )
    ids = page.map((p) => p.id)
    // Past the end of the list no row carries the count.
    total = page[0]?.total ?? (offset ? await countNews(filter) : 0)
  } else {
    const search = new SearchSql(filter)
    // One pass counts the matches and, when they are few, names them: those are ranked by id; more
    // are ranked from the newest articles and the places' indexes.
    const counted = await search.count(rankAllUpTo)
    total = counted.total
    ids = counted.ids
      ? counted.ids.length === 0
        ? []
        : await search.ranked(counted.ids, offset, limit)
      : await relevantPageIds(offset, limit, await search.recent(recentWindow), (place, take) =>
          search.place(place, take),
        )
  }
  if (ids.length === 0) return { items: [], total }
  const rows = await db().select(articleColumns).from(newsArticles).where(inArray(newsArticles.id, ids))
  const byId = new Map(rows.map((row) => [row.id, row]))
  // An article deleted between the two reads is left out of the page.
  return { items: ids.flatMap((id) => byId.get(id) ?? []), total }
}

/**
 * The SQL of a relevance search (decision 0872). Where the term is: `lower(title)` and
 * `lower(excerpt)` (each with a trigram index), else only the search text (its own index); a whole
 * word by `wholeWordPattern`, run only on the rows of one place or of the newest articles, never
 * on every match (at 100,000 articles with the term in each, that alone took 300 ms and more).
 */
class SearchSql {
  /** The three places a term is looked for, as the indexes have them (lower case). */
  private readonly title = sql`lower(${newsArticles.title})`
  private readonly excerpt = sql`lower(${newsArticles.excerpt})`
  private readonly text = sql`${newsArticles.searchText}`
  private readonly pattern: string
  private readonly whole: string
  private readonly base: SQL

  constructor(filter: NewsFilter) {
    const term = searchTerm(filter.search ?? '')
    this.pattern = newsSearchPattern(term)!
    this.whole = wholeWordPattern(term)
    this.base = where({ ...filter, search: undefined }) ?? sql`true`
  }

  private holds(column: SQL): SQL {
    return sql`${column} like lower(${this.pattern})`
  }

  /**
   * The matches among the newest `size` articles, with their tiers (0-5). The newest are taken
   * before the list's own conditions apply (published, the category): so the ordered index alone
   * answers, whatever the planner's estimates (without statistics it guessed few published
   * articles and sorted them all: 185 ms at 100,000, against 2 ms). A draft among them only makes
   * the window smaller. The subquery is named as the table, so the list's conditions read it.
   */
  async recent(size: number): Promise<RecentMatches> {
    const rows = await db().execute<{ id: number; tier: number; listed: number }>(sql`
      select ${newsArticles.id} as id, ${this.tier()} as tier, ${sql.raw('"news_articles"."listed"')} as listed
      from (
        select newest.*, count(*) over () as listed from (
          select * from ${newsArticles} order by ${newsArticles.timestamp} desc, ${newsArticles.id} desc limit ${size}
        ) newest
      ) ${newsArticles}
      where ${this.base} and ${this.holds(this.text)}
      order by tier, ${newsArticles.timestamp} desc, ${newsArticles.id} desc`)
    return {
      rows: rows.map((r) => ({ id: Number(r.id), tier: Number(r.tier) })),
      // Fewer than `size` articles at all: the window was the whole list. (No match in it: unknown.)
      whole: rows.length > 0 && Number(rows[0]!.listed) < size,
    }
  }

  /** How many articles match, and which when they are at most `few` (collecting them costs nothing measurable). */
  async count(few: number): Promise<{ total: number; ids: number[] | null }> {
    const [row] = await db()
      .select({
        total: count(),
        ids: sql<number[] | null>`case when count(*) <= ${few} then coalesce(array_agg(${newsArticles.id}), '{}') end`,
      })
      .from(newsArticles)
      .where(and(this.base, this.holds(this.text)))
    return { total: row?.total ?? 0, ids: row?.ids ?? null }
  }

  /** These matches ranked, one page of them. */
  async ranked(ids: number[], offset: number, limit: number): Promise<number[]> {
    const rows = await db()
      .select({ id: newsArticles.id })
      .from(newsArticles)
      .where(inArray(newsArticles.id, ids))
      .orderBy(asc(this.tier()), ...newestFirst)
      .limit(limit)
      .offset(offset)
    return rows.map((r) => r.id)
  }

  /** A match's tier: where the term is first found, and whether as a whole word there. */
  private tier(): SQL {
    const { title, excerpt, text } = this
    return sql`case
      when ${this.holds(title)} then case when ${title} ~ ${this.whole} then 0 else 1 end
      when ${this.holds(excerpt)} then case when ${excerpt} ~ ${this.whole} then 2 else 3 end
      when ${text} ~ ${this.whole} then 4 else 5 end`
  }

  /** One place's matches, whole words first, then the newest: at most `take`. */
  async place(place: SearchPlace, take: number): Promise<number[]> {
    const { title, excerpt, text } = this
    const [where_, column] =
      place === 0
        ? [this.holds(title), title]
        : place === 1
          ? [sql`${this.holds(excerpt)} and not ${this.holds(title)}`, excerpt]
          : [sql`${this.holds(text)} and not ${this.holds(title)} and not ${this.holds(excerpt)}`, text]
    const rows = await db()
      .select({ id: newsArticles.id })
      .from(newsArticles)
      .where(and(this.base, where_))
      .orderBy(desc(sql`${column} ~ ${this.whole}`), ...newestFirst)
      .limit(take)
    return rows.map((r) => r.id)
  }
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
