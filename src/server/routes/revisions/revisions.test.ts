import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startAiHarness, type AiHarness } from '../../../../tests/helpers/ai.ts'
import { appWith, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import type { TestPlatform } from '../../../../tests/helpers/platform.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { REVISIONS_KEPT } from '../../../lib/revisions.ts'
import { generateStandings } from '../../ai/standings.ts'
import { rawSql } from '../../db/client.ts'
import { createGame, createNews, createReview, createStandings } from '../../demo/factories.ts'
import { getStandingsSet } from '../../repos/standings.repo.ts'
import { copyEdited, longArticle } from '../../../../test-support/long-article.ts'
import { beside } from '../../../../test-support/visitors.ts'

let cookie: string
let ai: AiHarness
let platform: TestPlatform
let send: Send

beforeAll(async () => {
  ai = await startAiHarness()
  ;({ platform, send } = appWith(ai.platform))
})
afterAll(async () => {
  await ai.close()
})
beforeEach(async () => {
  await resetDatabase()
  ai.fake.reset()
  cookie = await adminCookie()
})

const history = (entity: string, id: number | string) => send('GET', `/api/admin/revisions/${entity}/${id}`, { cookie })
const changesOf = (revisionId: number | string) => send('GET', `/api/admin/revisions/${revisionId}/changes`, { cookie })
const restore = (revisionId: number | string) => send('POST', `/api/admin/revisions/${revisionId}/restore`, { cookie })
const deleted = (entity?: string) =>
  send('GET', `/api/admin/revisions/deleted${entity ? `?entity=${entity}` : ''}`, { cookie })

/** Every row of the tables a restore touches: a refused request must leave them exactly as they were. */
async function digest(): Promise<string> {
  const [row] = await rawSql()<{ d: string }[]>`
    select md5(
      (select coalesce(string_agg(t::text, ',' order by t.id), '') from revisions t) ||
      (select coalesce(string_agg(t::text, ',' order by t.id), '') from games t) ||
      (select coalesce(string_agg(t::text, ',' order by t.set_id, t.row_index), '') from standings_rows t) ||
      (select coalesce(string_agg(t::text, ',' order by t.id), '') from audit_log t)) as d`
  return row!.d
}

describe('revision history', () => {
  it('keeps the version an update replaces: who, what changed, the old short values', async () => {
    const game = await createGame({ title: 'iRacing', price: '$13' })
    const put = await send('PUT', `/api/admin/games/${game.id}`, {
      cookie,
      body: { title: 'iRacing 2026', price: '$15' },
    })
    expect(put.status).toBe(200)

    const res = await history('game', game.id)
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(1)
    expect(res.body[0]).toMatchObject({
      action: 'update',
      actor: 'admin',
      changedFields: ['title', 'price'],
      oldValues: { title: 'iRacing', price: '$13' },
      restorable: true,
    })
  })

  it('says what each change did, old -> new (issue 25): the newest against the record, the older against the next version', async () => {
    const game = await createGame({ title: 'iRacing', price: '$13' })
    await send('PUT', `/api/admin/games/${game.id}`, { cookie, body: { title: 'iRacing 2026' } })
    await send('PUT', `/api/admin/games/${game.id}`, { cookie, body: { title: 'iRacing 2026', price: '$15' } })

    const [newest, older] = (await history('game', game.id)).body
    // The list names the changes; what they did is read one version at a time (issue 31).
    expect(newest).not.toHaveProperty('changes')
    const res = await changesOf(newest.id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      id: newest.id,
      changes: [
        {
          field: 'price',
          label: 'price',
          kind: 'text',
          long: false,
          markupOnly: false,
          compared: true,
          cut: false,
          parts: [
            { kind: 'same', text: '$' },
            { kind: 'removed', text: '13' },
            { kind: 'added', text: '15' },
          ],
        },
      ],
    })
    expect((await changesOf(older.id)).body.changes).toEqual([
      {
        field: 'title',
        label: 'title',
        kind: 'text',
        long: false,
        markupOnly: false,
        compared: true,
        cut: false,
        parts: [
          { kind: 'same', text: 'iRacing' },
          { kind: 'added', text: ' 2026' },
        ],
      },
    ])
  })

  it('shows a version whole before it is restored', async () => {
    const news = await createNews({ title: 'Monza report', content: '<h2>Start</h2><p>Clean getaway.</p>' })
    await send('POST', `/api/admin/update-news-title/${news.id}`, { cookie, body: { title: 'Monza: report' } })
    const [version] = (await history('news', news.id)).body
    const res = await send('GET', `/api/admin/revisions/${version.id}`, { cookie })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ entity: 'news', entityId: news.id, name: 'Monza report', restorable: true })
    expect(res.body.fields).toEqual(
      expect.arrayContaining([
        { field: 'title', label: 'title', value: 'Monza report' },
        { field: 'content', label: 'content', value: 'Start. Clean getaway.' },
      ]),
    )
    expect(res.body.fields.map((f: { field: string }) => f.field)).not.toContain('id')
    expect((await send('GET', `/api/admin/revisions/${version.id + 1000}`, { cookie })).status).toBe(404)
    expect((await send('GET', `/api/admin/revisions/${version.id}`)).status).toBe(401)
  })

  it('keeps nothing for a save that changes nothing, under either path shape', async () => {
    const game = await createGame({ title: 'ACC' })
    await send('PUT', `/api/games/${game.id}`, { cookie, body: { title: 'ACC' } })
    expect((await history('game', game.id)).body).toEqual([])
  })

  it('records the news title rename, the image change and publishing', async () => {
    const article = await createNews({ title: 'Old title', status: 'draft' })
    await send('POST', `/api/admin/update-news-title/${article.id}`, { cookie, body: { title: 'New title' } })
    await send('POST', `/api/admin/news/${article.id}/publish`, { cookie })
    const res = await history('news', article.id)
    expect(res.body.map((v: { changedFields: string[] }) => v.changedFields)).toEqual([
      // Going live gives it the words of its address (decision 0871).
      ['status', 'slug', 'timestamp'],
      ['title'],
    ])
    expect(res.body[1].oldValues).toEqual({ title: 'Old title' })
  })

  it('restores an older version of a record and keeps the version it replaced', async () => {
    const game = await createGame({ title: 'rFactor 2' })
    await send('PUT', `/api/admin/games/${game.id}`, { cookie, body: { title: 'Le Mans Ultimate' } })
    const [version] = (await history('game', game.id)).body

    const res = await restore(version.id)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ entity: 'game', id: game.id, record: { id: game.id, title: 'rFactor 2' } })
    expect((await send('GET', `/api/games/${game.id}`)).body.title).toBe('rFactor 2')

    const after = (await history('game', game.id)).body
    expect(after[0]).toMatchObject({ action: 'restore', oldValues: { title: 'Le Mans Ultimate' } })
    // The restore itself can be undone from the version it kept.
    await restore(after[0].id)
    expect((await send('GET', `/api/games/${game.id}`)).body.title).toBe('Le Mans Ultimate')
  })

  it('brings a deleted record back with its id from the deleted list', async () => {
    const game = await createGame({ title: 'Automobilista 2' })
    await createReview({ title: 'AMS2 review', gameId: game.id })
    expect((await send('DELETE', `/api/admin/games/${game.id}`, { cookie })).status).toBe(200)

    const list = await deleted('game')
    expect(list.status).toBe(200)
    expect(list.body).toEqual([
      expect.objectContaining({ entity: 'game', entityId: game.id, name: 'Automobilista 2', actor: 'admin' }),
    ])

    const res = await restore(list.body[0].revisionId)
    expect(res.status).toBe(200)
    const back = await send('GET', `/api/games/${game.id}`)
    expect(back.status).toBe(200)
    expect(back.body).toMatchObject({ id: game.id, title: 'Automobilista 2' })
    expect((await deleted()).body).toEqual([])
    const versions = (await history('game', game.id)).body
    expect(versions.map((v: { action: string }) => v.action)).toEqual(['restore', 'delete'])
    // Neither changed a field: the delete took the record away, the restore brought it back whole.
    for (const v of versions) expect((await changesOf(v.id)).body).toEqual({ id: v.id, changes: [] })
  })

  it('brings a deleted standings set back with its driver rows', async () => {
    const id = await createStandings({ championshipName: 'Formula E' }, 4)
    const before = await getStandingsSet(id)
    await send('DELETE', `/api/championships-standings/${id}`, { cookie })
    const [gone] = (await deleted('standings')).body
    expect(gone).toMatchObject({ entityId: id, name: 'Formula E' })

    expect((await restore(gone.revisionId)).status).toBe(200)
    expect(await getStandingsSet(id)).toEqual(before)
  })

  it('restores a driver row edit of a standings set', async () => {
    const id = await createStandings({ championshipName: 'WEC' }, 3)
    const before = await getStandingsSet(id)
    const edit = { driverName: 'Someone Else', team: 'Other', points: 1 }
    await send('PUT', `/api/championships-standings/${id}/driver/1`, { cookie, body: edit })
    const [version] = (await history('standings', id)).body
    expect(version).toMatchObject({
      action: 'update',
      changedFields: ['standings'],
      summary: 'Edited driver 2: Someone Else',
    })
    // By row: the one edited, old -> new.
    expect((await changesOf(version.id)).body.changes).toEqual([
      {
        field: 'standings',
        label: 'standings',
        kind: 'rows',
        rows: [
          {
            kind: 'changed',
            before: `2. ${before!.standings[1]!.driverName} (${before!.standings[1]!.team}): ${before!.standings[1]!.points} pts`,
            after: '2. Someone Else (Other): 1 pts',
          },
        ],
      },
    ])

    await restore(version.id)
    expect(await getStandingsSet(id)).toEqual(before)
  })

  it('records an AI refresh of standings as the AI, and a scheduled one as the scheduler', async () => {
    const id = await createStandings({ championshipName: 'Formula 1' }, 4)
    const generated = await send('POST', '/api/admin/generate-championship-standings', {
      cookie,
      body: { championshipName: 'Formula 1', numberOfDrivers: 10 },
    })
    expect(generated.status).toBe(200)
    await generateStandings(platform, 'Formula 1', 10, 'scheduled')

    const versions = (await history('standings', id)).body
    // The fake answers the same table twice: the second refresh changed only the update time.
    expect(versions.map((v: { actor: string }) => v.actor)).toEqual(['scheduler', 'ai'])
    expect(versions[1].changedFields).toContain('standings')
    // The table before the AI replaced it comes back in one click.
    await restore(versions[1].id)
    expect((await getStandingsSet(id))!.standings).toHaveLength(4)
  })

  it(`keeps the newest ${REVISIONS_KEPT} versions of a record`, async () => {
    const game = await createGame({ title: 'v0' })
    for (let i = 1; i <= REVISIONS_KEPT + 3; i++)
      await send('PUT', `/api/admin/games/${game.id}`, { cookie, body: { title: `v${i}` } })
    const versions = (await history('game', game.id)).body
    expect(versions).toHaveLength(REVISIONS_KEPT)
    expect(versions[0].oldValues.title).toBe(`v${REVISIONS_KEPT + 2}`)
    expect(versions.at(-1).oldValues.title).toBe('v3')
  })

  it('answers bad requests and unknown versions clearly and changes nothing', async () => {
    const game = await createGame({ title: 'Kept' })
    await send('PUT', `/api/admin/games/${game.id}`, { cookie, body: { title: 'Kept too' } })
    const state = await digest()

    expect(await history('planet', game.id)).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/record type/) },
    })
    expect(await history('game', 'abc')).toMatchObject({ status: 400, body: { message: 'Invalid id.' } })
    expect(await history('game', 999)).toMatchObject({ status: 404, body: { message: 'Record not found' } })
    expect(await deleted('planet')).toMatchObject({ status: 400 })
    expect(await restore('0')).toMatchObject({ status: 400, body: { message: 'Invalid id.' } })
    expect(await changesOf('abc')).toMatchObject({ status: 400, body: { message: 'Invalid id.' } })
    expect(await changesOf(999_999)).toMatchObject({ status: 404, body: { message: 'Version not found' } })
    expect(await restore(999_999)).toMatchObject({ status: 404, body: { message: 'Version not found' } })
    expect(await digest()).toBe(state)
  })

  it('refuses to restore the empty version a restored deleted record starts from', async () => {
    const game = await createGame({ title: 'Gone once' })
    await send('DELETE', `/api/admin/games/${game.id}`, { cookie })
    await restore((await deleted()).body[0].revisionId)
    const [empty] = (await history('game', game.id)).body
    expect(empty).toMatchObject({ action: 'restore', restorable: false })
    const state = await digest()
    expect(await restore(empty.id)).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/nothing to restore/) },
    })
    expect(await digest()).toBe(state)
  })

  it('is for the admin only', async () => {
    const game = await createGame()
    expect((await send('GET', `/api/admin/revisions/game/${game.id}`)).status).toBe(401)
    expect((await send('POST', '/api/admin/revisions/1/restore')).status).toBe(401)
    expect((await send('GET', '/api/admin/revisions/1/changes')).status).toBe(401)
  })
})

describe('the History of a long article (issue 31)', () => {
  /** A request through the app with its size, and the worst wait of a visitor's GET /api/games beside it. */
  const measured = async (path: string) => {
    const started = performance.now()
    const { result, worstWaitMs } = await beside(
      () => send('GET', path, { cookie }),
      () => send('GET', '/api/games'),
    )
    return { ...result, ms: performance.now() - started, bytes: JSON.stringify(result.body).length, worstWaitMs }
  }

  it('lists 50 versions of a 200 KB article as summaries and compares one on demand, bounded, while visitors are answered', async () => {
    const original = longArticle(200_000)
    const edited = copyEdited(original, 10)
    const article = await createNews({ title: 'A long race report', content: edited })
    // 50 versions, the original and its copy edit in turn: each one's change is a copy edit of the
    // whole article, some 3,000 words (written here directly: through the repository it takes seconds).
    const snapshot = (content: string) => JSON.stringify({ ...JSON.parse(JSON.stringify(article)), content })
    await rawSql()`
      insert into revisions (entity, entity_id, action, snapshot, changed_fields, summary, created_at)
      select 'news', ${article.id}, 'update',
        case when g % 2 = 1 then ${snapshot(original)}::jsonb else ${snapshot(edited)}::jsonb end,
        '{content}', 'Edited content', now() - make_interval(mins => g)
      from generate_series(1, 50) g`

    const list = await measured(`/api/admin/revisions/news/${article.id}`)
    expect(list.status).toBe(200)
    expect(list.body).toHaveLength(50)
    expect(list.body[0]).toEqual({
      id: expect.any(Number),
      action: 'update',
      actor: 'admin',
      summary: 'Edited content',
      createdAt: expect.any(String),
      changedFields: ['content'],
      oldValues: { content: null },
      restorable: true,
    })
    // Before: 4.6 MB and 15 to 25 s, every other request waiting as long (npm run bench:history).
    expect(list.bytes).toBeLessThan(300_000)
    expect(list.worstWaitMs).toBeLessThan(1000)

    const changes = await measured(`/api/admin/revisions/${list.body[0].id}/changes`)
    expect(changes.status).toBe(200)
    const [content] = changes.body.changes
    // Too different to compare word by word: the old text and the new one, each cut.
    expect(content).toMatchObject({ field: 'content', kind: 'text', compared: false, cut: true })
    expect(content.parts.map((p: { kind: string }) => p.kind)).toEqual(['removed', 'added'])
    expect(changes.bytes).toBeLessThan(300_000)
    // Within DIFF_TIME_MS on the thread (100 ms), give or take reading the texts on a busy machine.
    expect(changes.ms).toBeLessThan(2000)
    expect(changes.worstWaitMs).toBeLessThan(1000)
  })
})
