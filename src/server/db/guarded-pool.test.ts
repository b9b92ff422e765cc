import postgres from 'postgres'
import { describe, expect, it } from 'vitest'
import { databaseUrl } from './database-url.ts'
import { poolOptions } from './client.ts'
import { guardedPool, StatementTimeoutError, withDeadline } from './guarded-pool.ts'

/**
 * A backup's one transaction may take longer than the 20 s every request gets (decision 0611):
 * the work started inside `withDeadline` gets its own deadline, every other statement keeps the
 * pool's. A pool of its own with a short deadline stands in for the process's.
 */
describe('withDeadline', () => {
  it("gives the work inside it its own deadline, and leaves every other statement the pool's", async () => {
    const pool = guardedPool({
      connections: 1,
      timeoutMs: 200,
      graceMs: 1000,
      connect: (onclose) => postgres(databaseUrl(), { ...poolOptions, onclose }),
    })
    try {
      // Past the pool's 200 ms: cancelled at once. Within a deadline of its own: it runs to its end.
      const sleep = (seconds: number) => (tx: postgres.TransactionSql) => tx.unsafe(`select pg_sleep(${seconds})`)
      await expect(pool.sql.begin(sleep(10))).rejects.toBeInstanceOf(StatementTimeoutError)
      await expect(withDeadline(60_000, () => pool.sql.begin(sleep(0.6)))).resolves.toHaveLength(1)
      await expect(pool.sql.unsafe('select pg_sleep(10)')).rejects.toBeInstanceOf(StatementTimeoutError)
    } finally {
      await pool.current().end({ timeout: 5 })
    }
  })
})
