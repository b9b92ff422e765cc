import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetDatabase } from '../../../tests/helpers/db.ts'
import { db } from './client.ts'
import { buildGame } from '../demo/factories.ts'
import { games } from './schema.ts'
import { patience } from '../../../tests/helpers/patience.ts'

beforeEach(resetDatabase)

/**
 * Many queries at once on the process's one connection, with and without parameters, as a page of
 * the admin panel or a job fires them. Through PgBouncer 1.18 in transaction mode (the pooler
 * project), pipelined queries lost their answers and waited forever (decision 0301): this test
 * hung until the client sent one query at a time.
 */
describe('parallel queries on one connection', () => {
  it('all get their own answer', { timeout: patience(60_000) }, async () => {
    const [game] = await db()
      .insert(games)
      .values(buildGame({ title: 'Pipelined' }))
      .returning()
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        i % 3 === 0
          ? db()
              .execute(sql`select 1 as one`)
              .then(() => 'plain')
          : db()
              .select({ title: games.title })
              .from(games)
              .where(eq(games.id, game!.id + (i % 3 === 1 ? 0 : 100_000)))
              .then((rows) => rows[0]?.title ?? 'none'),
      ),
    )
    expect(answers.filter((a) => a === 'plain')).toHaveLength(40)
    expect(answers.filter((a) => a === 'Pipelined')).toHaveLength(40)
    expect(answers.filter((a) => a === 'none')).toHaveLength(40)
  })
})
