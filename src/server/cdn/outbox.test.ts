import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createGame, createNews } from '../demo/factories.ts'
import { adminCookie } from '../../../tests/helpers/auth.ts'
import { expectConsoleError } from '../../../tests/helpers/console-error.ts'
import { resetDatabase } from '../../../tests/helpers/db.ts'
import { testPlatform, type TestPlatform } from '../../../tests/helpers/platform.ts'
import { createApp } from '../app.ts'
import { db } from '../db/client.ts'
import { auditLog, games, newsArticles, purgeQueue } from '../db/schema.ts'
import { updateGame } from '../repos/games.repo.ts'
import { runSchedulerTick } from '../scheduler/tick.ts'
import { PURGE_WINDOW_MS } from './purger.ts'

/**
 * The purge outbox (decision 0703): a write owes the purge of what it changed in its own
 * transaction, so no commit can lose its purge, whatever happens after it: the process dying before
 * the purge is sent, the audit row failing, or a write made by a script with no purge token.
 */
let platform: TestPlatform
let cookie: string
/** The purger's clock runs `offset` ms ahead of the real one. */
let offset = 0

const appWith = (faults?: TestPlatform['faults']) => {
  platform = testPlatform({ faults, now: () => new Date(Date.now() + offset), maxBackgroundWaitMs: -1 })
  const app = createApp(platform)
  return (method: string, path: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
}
const owed = async () => (await db().select({ tag: purgeQueue.tag }).from(purgeQueue)).map((r) => r.tag).sort()
const sentTags = () => platform.purged.map((p) => (p === 'everything' ? 'everything' : [...p].sort()))

beforeEach(async () => {
  await resetDatabase()
  offset = 0
  cookie = await adminCookie()
})
afterEach(() => platform?.purger.idle())

describe('the purge outbox', () => {
  it('keeps the purge of a write whose process died between its commit and the purge, and the scheduler sends it', async () => {
    const article = await createNews()
    const consoleError = expectConsoleError()
    const send = appWith({
      afterCommit: () => {
        throw new Error('the function instance ended here')
      },
    })
    const res = await send('POST', `/api/admin/update-news-title/${article.id}`, { title: 'Saved, then the crash' })
    // The client got no answer of the write (an error in place of the dead process's silence)...
    expect(res.status).toBe(500)
    expect(consoleError).toHaveBeenCalled()
    // ...but the write committed, and its purge is owed: nothing was sent.
    const [row] = await db().select().from(newsArticles).where(eq(newsArticles.id, article.id))
    expect(row!.title).toBe('Saved, then the crash')
    expect(platform.purged).toEqual([])
    expect(await owed()).toEqual(['news', `news:${article.id}`])
    // The next every-minute tick (of any instance) sends it.
    const tick = await runSchedulerTick(platform, new Date())
    expect(tick.purged.sort()).toEqual(['news', `news:${article.id}`])
    expect(await owed()).toEqual([])
  })

  it('answers a save truly and purges it when its audit row cannot be written', async () => {
    const game = await createGame()
    const send = appWith({
      audit: () => {
        throw new Error('audit_log is full')
      },
    })
    const res = await send('PUT', `/api/games/${game.id}`, { title: 'Renamed while the audit fails' })
    expect(res.status).toBe(200)
    expect(sentTags()).toEqual([['games']])
    expect(await db().select().from(auditLog)).toEqual([])
  })

  it('owes the purge of a write made outside the API, which the site sends at its next tick', async () => {
    const game = await createGame()
    appWith()
    // A script's write: no app, no purger, no purge token.
    await updateGame(game.id, { title: 'Renamed by a script' })
    expect(await owed()).toEqual(['games'])
    expect(platform.purged).toEqual([])
    const tick = await runSchedulerTick(platform, new Date())
    expect(tick.purged).toEqual(['games'])
  })

  it('owes nothing for a change no public page shows (a draft) or a refresh that found nothing new', async () => {
    const draft = await createNews({ status: 'draft' })
    const game = await createGame()
    await db().delete(purgeQueue)
    const send = appWith()
    expect((await send('POST', `/api/admin/update-news-title/${draft.id}`, { title: 'Still a draft' })).status).toBe(
      200,
    )
    await updateGame(game.id, { refreshedAt: new Date() })
    expect(await owed()).toEqual([])
    expect(platform.purged).toEqual([])
    const [stored] = await db().select().from(games).where(eq(games.id, game.id))
    expect(stored!.refreshedAt).not.toBeNull()
  })

  it('paces a burst of saves within the rate limit: no refusal, no error, every change sent once the window allows', async () => {
    const article = await createNews()
    const send = appWith()
    for (let i = 1; i <= 10; i++) {
      expect((await send('POST', `/api/admin/update-news-title/${article.id}`, { title: `Take ${i}` })).status).toBe(
        200,
      )
    }
    // Two purges of the article's tags in the window; the others wait for it, as 'Publishing changes'.
    expect(sentTags()).toEqual([
      ['news', `news:${article.id}`],
      ['news', `news:${article.id}`],
    ])
    const waiting = (await platform.purger.status()).waiting
    expect(waiting.map((w) => w.tag).sort()).toEqual(['news', `news:${article.id}`])
    expect(waiting.every((w) => !w.failing && w.lastError === null)).toBe(true)
    // Once the window has passed, one purge takes the last take.
    offset = PURGE_WINDOW_MS + 100
    await platform.purger.flush()
    expect(sentTags()).toHaveLength(3)
    expect((await platform.purger.status()).state).toBe('live')
  })
})
