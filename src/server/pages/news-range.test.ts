import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { createNews } from '../demo/factories.ts'
import { resetDatabase } from '../../../tests/helpers/db.ts'
import { NEWS_PAGE_SIZE } from '../../lib/news-pages.ts'
import { db } from '../db/client.ts'
import { deleteNews } from '../repos/news.repo.ts'
import { newsRange } from './news-range.ts'

beforeEach(resetDatabase)

describe('which /news addresses can be pages (docs/decisions/0702)', () => {
  it('an article id up to the highest ever handed out: a deleted one still is, a new one at once', async () => {
    const range = newsRange()
    expect(await range.mayHoldArticle(1)).toBe(false)
    const [a, b] = [await createNews(), await createNews()]
    expect(await range.mayHoldArticle(a.id)).toBe(true)
    expect(await range.mayHoldArticle(b.id + 1)).toBe(false)
    // Deleted, the newest id still had an article: its 404 is a content 404, kept under its tag.
    await deleteNews(b.id)
    expect(await newsRange().mayHoldArticle(b.id)).toBe(true)
    // Created after the range was read: found at once, not after some expiry.
    const c = await createNews({ status: 'draft' })
    expect(await range.mayHoldArticle(c.id)).toBe(true)
    expect(await range.mayHoldArticle(c.id + 1)).toBe(false)
  })

  it('counts the rows a restore wrote without the id sequence', async () => {
    await db().execute(
      sql`insert into news_articles (id, title, content, author) values (500, 'Restored', '', 'Owner')`,
    )
    expect(await newsRange().mayHoldArticle(500)).toBe(true)
    expect(await newsRange().mayHoldArticle(501)).toBe(false)
  })

  it('a list page up to the last page of published articles', async () => {
    const range = newsRange()
    for (let i = 0; i < NEWS_PAGE_SIZE; i++) await createNews()
    await createNews({ status: 'draft' })
    expect(await range.mayHoldPage(1)).toBe(true)
    expect(await range.mayHoldPage(2)).toBe(false)
    await createNews()
    expect(await range.mayHoldPage(2)).toBe(true)
    expect(await range.mayHoldPage(3)).toBe(false)
  })
})
