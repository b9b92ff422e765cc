import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import { databaseUrl, env } from '../../env.server.ts'
import * as schema from './schema.ts'

export type Database = PostgresJsDatabase<typeof schema>

let client: postgres.Sql | undefined
let database: Database | undefined

/**
 * The options of the one pool a process holds (docs/decisions/0301 and 0302):
 * - `prepare: false`: Supabase's transaction pooler and our embedded PGlite wire server
 *   (scripts/local-platform/pglite-wire-server.ts, decision 0002) hand one server session to many clients,
 *   where named prepared statements would collide (decision 0003);
 * - `max`: one connection per function instance by default (it serves one request at a time;
 *   postgres.js pipelines parallel queries on it), so N cold instances hold at most N pooler clients;
 * - `idle_timeout`: an instance that stops getting requests gives its pooler client back;
 * - `max_lifetime`: connections are renewed now and then, so a pooler restart is never a surprise.
 */
export const poolOptions = {
  prepare: false,
  max: env.DATABASE_POOL_MAX,
  idle_timeout: env.DATABASE_IDLE_TIMEOUT,
  max_lifetime: 30 * 60,
  // A database that is away is reported quickly (503, decision 0304), not after a long hang.
  connect_timeout: env.DATABASE_CONNECT_TIMEOUT_S,
  onnotice: () => {},
} satisfies postgres.Options<Record<string, never>>

/** A counting semaphore: at most `slots` calls of `run` at once, the others wait in order. */
function semaphore(slots: number) {
  let free = slots
  const waiting: (() => void)[] = []
  return async function run<T>(work: () => PromiseLike<T>): Promise<T> {
    if (free > 0) free -= 1
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else free += 1
    }
  }
}

/** A statement that outlived DATABASE_STATEMENT_TIMEOUT_MS (src/server/http/errors.ts answers 503). */
export class StatementTimeoutError extends Error {
  readonly code = 'STATEMENT_TIMEOUT'
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms.`)
  }
}

/**
 * Rejects when `work` has not settled within `ms`, waiting in the queue included, and cancels the
 * query then. The statement's slot is given back only when the query really ends, so nothing is
 * ever pipelined behind a statement still running. A server-side `statement_timeout` is not used:
 * PgBouncer in transaction mode refuses it as a startup parameter (decision 0304).
 */
function withTimeout<T>(ms: number, work: Promise<T>, cancel: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      cancel()
      reject(new StatementTimeoutError(ms))
    }, ms)
  })
  return Promise.race([work, expired]).finally(() => clearTimeout(timer))
}

/**
 * The pool as drizzle uses it (`unsafe` and `begin`), with at most one statement or transaction in
 * flight per connection. postgres.js otherwise writes a query on a connection that has not answered
 * the last one yet (pipelining); a transaction pooler that does not track pipelines (PgBouncer
 * before 1.21, as in Debian 12) gives the server connection to another client at the first
 * ReadyForQuery and drops the answers of the next query, which then waits forever ("got packet
 * '1' from server when not linked"; decision 0301). postgres.js's own `max_pipeline: 0` cannot be
 * used: its transactions then never learn their connection. A statement gets a connection that is
 * free: postgres.js marks it open before it hands the last answer back.
 */
function oneStatementPerConnection(sql: postgres.Sql, connections: number): postgres.Sql {
  const run = semaphore(connections)
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (...args: Parameters<postgres.Sql['unsafe']>) => {
          // Lazy like postgres.js's own query: it starts when drizzle awaits it or asks for .values().
          const start = <T>(pick: (query: postgres.PendingQuery<postgres.Row[]>) => PromiseLike<T>) => {
            let query: postgres.PendingQuery<postgres.Row[]> | undefined
            return withTimeout(
              env.DATABASE_STATEMENT_TIMEOUT_MS,
              run(() => pick((query = target.unsafe(...args)))),
              () => void query?.cancel(),
            )
          }
          return {
            values: () => start((query) => query.values()),
            then: <A, B>(ok?: (rows: postgres.RowList<postgres.Row[]>) => A, fail?: (error: unknown) => B) =>
              start((query) => query).then(ok, fail),
          }
        }
      }
      if (property === 'begin')
        return (...args: unknown[]) => run(() => (target.begin as (...a: unknown[]) => Promise<unknown>)(...args))
      return Reflect.get(target, property, receiver) as unknown
    },
  })
}

/** One postgres.js pool per process (per function instance), created on first use and reused. */
export function db(): Database {
  if (!database) {
    client = postgres(databaseUrl, poolOptions)
    database = drizzle(oneStatementPerConnection(client, poolOptions.max), { schema })
  }
  return database
}

export function rawSql(): postgres.Sql {
  db()
  return client as postgres.Sql
}

export async function closeDb(): Promise<void> {
  const c = client
  client = undefined
  database = undefined
  await c?.end({ timeout: 5 })
}
