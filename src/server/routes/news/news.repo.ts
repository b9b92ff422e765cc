import { and, asc, count, desc, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { db } from '../../db/client.ts'
import { newsArticles } from '../../db/schema.ts'

export type NewsArticle = typeof newsArticles.$inferSelect
export type NewNewsArticle = typeof newsArticles.$inferInsert

export const newsOrder = [asc(newsArticles.displayOrder), desc(newsArticles.timestamp), desc(newsArticles.id)]

export interface NewsFilter {
  /** Case-insensitive substring of title, excerpt or content (spec 000 section 5). */
  search?: string
  /** Exact category. */
  category?: string
  limit?: number
  offset?: number
}

const contains = (column: AnyColumn, term: string) =>
  sql`strpos(lower(${column}), lower(${term})) > 0`

function where(filter: NewsFilter): SQL | undefined {
  const parts: SQL[] = []
  const term = filter.search?.trim()
  if (term) {
    parts.push(
      or(
        contains(newsArticles.title, term),
        contains(newsArticles.excerpt, term),
        contains(newsArticles.content, term),
      ) as SQL,
    )
  }
  if (filter.category) parts.push(eq(newsArticles.category, filter.category))
  return parts.length ? and(...parts) : undefined
}

export async function listNews(filter: NewsFilter = {}): Promise<NewsArticle[]> {
  const query = db().select().from(newsArticles).where(where(filter)).orderBy(...newsOrder).$dynamic()
  if (filter.limit !== undefined) query.limit(filter.limit)
  if (filter.offset !== undefined) query.offset(filter.offset)
  return query
}

export async function countNews(filter: NewsFilter = {}): Promise<number> {
  const [row] = await db().select({ n: count() }).from(newsArticles).where(where(filter))
  return row?.n ?? 0
}

export async function getNews(id: number): Promise<NewsArticle | undefined> {
  const [row] = await db().select().from(newsArticles).where(eq(newsArticles.id, id))
  return row
}
