import { beforeEach, describe, expect, it } from 'vitest'
import { buildNews } from '../demo/factories.ts'
import { resetDatabase } from '../../../tests/helpers/db.ts'
import { getNews, insertNews, updateNews, updateNewsSince } from './news.repo.ts'

beforeEach(resetDatabase)

const hostile =
  '<p>Safe words.</p><img src="/media/a.webp" onerror="alert(1)">' +
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">' +
  '<iframe srcdoc="<script>alert(2)</script>"></iframe><a href="javascript:alert(3)">link</a>'
const unsafe = /onerror|http-equiv|<meta|<iframe|srcdoc|<script|javascript:/i

describe('article HTML written through the news repository (issue 31)', () => {
  it('is stored sanitized whoever writes it: a new article, an edit, an edit from a copy, an autosave', async () => {
    // The AI's articles and the API's both reach the database through these functions.
    const created = await insertNews(buildNews({ content: hostile, status: 'draft' }))
    expect(created.content).toContain('Safe words.')
    expect(created.content).not.toMatch(unsafe)

    const updated = (await updateNews(created.id, { content: `${hostile}<p>Edited.</p>` }))!
    expect(updated.content).toContain('Edited.')
    expect(updated.content).not.toMatch(unsafe)

    const fromCopy = await updateNewsSince(created.id, { content: `${hostile}<p>Copy.</p>` }, updated.updatedAt)
    expect(fromCopy).toMatchObject({ content: expect.stringContaining('Copy.') })
    const since = (await getNews(created.id, { includeDrafts: true }))!.updatedAt
    await updateNewsSince(created.id, { content: `${hostile}<p>Autosaved.</p>` }, since, { autosave: true })
    await updateNewsSince(
      created.id,
      { content: `${hostile}<p>Again.</p>` },
      (await getNews(created.id, { includeDrafts: true }))!.updatedAt,
      {
        autosave: true,
      },
    )
    const stored = (await getNews(created.id, { includeDrafts: true }))!
    expect(stored.content).toContain('Again.')
    expect(stored.content).not.toMatch(unsafe)
  })
})
