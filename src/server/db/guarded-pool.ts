import { AsyncLocalStorage } from 'node:async_hooks'
import type postgres from 'postgres'
import { isConnectionFailure } from './connection-failure.ts'

/**
 * A longer deadline for the work started inside `withDeadline` (a backup's one transaction, decision
 * 0611): every other statement and transaction keeps the pool's `timeoutMs`.
 */
const longerDeadline = new AsyncLocalStorage<number>()

/** Runs `work` with `ms` as the deadline of each statement or transaction it starts on the pool. */
export function withDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  return longerDeadline.run(ms, work)
}

/** A statement or transaction that outlived its deadline (src/server/http/errors.ts answers 503). */
export class StatementTimeoutError extends Error {
  readonly code = 'STATEMENT_TIMEOUT'
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms.`)
  }
}

/** Work given up because its connection closed under it and it never ended (errors.ts answers 503). */
export class ConnectionLostError extends Error {
  readonly code = 'CONNECTION_CLOSED'
  constructor() {
    super('The database connection was lost.')
  }
}

export interface GuardOptions {
  /** Statements or transactions in flight at once: the pool's connections. */
  connections: number
  /** The deadline of one statement or one whole transaction, waiting for a slot included. */
  timeoutMs: number
  /** How long work may take to end once it was cancelled or its connection closed, before it is given up. */
  graceMs: number
  /** A new postgres.js client that calls `onclose` whenever one of its connections closes. */
  connect: (onclose: () => void) => postgres.Sql
}

/** Work that holds a slot. */
interface Held {
  client: postgres.Sql
  settled: boolean
  /** Answers the caller with `error` now and stops the work (which may never end). */
  abandon: (error: Error) => void
}

/** A caller waiting for a slot. */
interface Waiter {
  grant: (release: () => void) => void
  fail: (error: Error) => void
}

/**
 * The slots of the one-statement-per-connection queue. A slot is handed back once: when its work
 * ends, or when the pool it belongs to is replaced (`reset`: a release of the old pool then does
 * nothing). A waiter whose deadline passes leaves the queue.
 */
class Slots {
  private readonly size: number
  private free: number
  private generation = 0
  private readonly waiting: Waiter[] = []

  // No parameter property: the Astro build imports this module with Node's type stripping.
  constructor(size: number) {
    this.size = size
    this.free = size
  }

  take(signal: AbortSignal): Promise<() => void> {
    if (this.free > 0) {
      this.free -= 1
      return Promise.resolve(this.releaser())
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: (release) => {
          signal.removeEventListener('abort', leave)
          resolve(release)
        },
        fail: (error) => {
          signal.removeEventListener('abort', leave)
          reject(error)
        },
      }
      const leave = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1)
        reject(signal.reason as Error)
      }
      signal.addEventListener('abort', leave, { once: true })
      this.waiting.push(waiter)
    })
  }

  /** Everyone waiting now gets `error` instead of a slot. */
  failWaiting(error: Error): void {
    for (const waiter of this.waiting.splice(0)) waiter.fail(error)
  }

  /** Every slot free again, whatever the old pool's work still holds; the waiters are served. */
  reset(): void {
    this.generation += 1
    this.free = this.size
    while (this.free > 0 && this.waiting.length > 0) {
      this.free -= 1
      this.waiting.shift()!.grant(this.releaser())
    }
  }

  private releaser(): () => void {
    const generation = this.generation
    let released = false
    return () => {
      if (released || generation !== this.generation) return
      released = true
      const next = this.waiting.shift()
      if (next) next.grant(this.releaser())
      else this.free += 1
    }
  }
}

/**
 * postgres.js as drizzle uses it (`unsafe` and `begin`), with at most one statement or transaction in
 * flight per connection, and every slot handed back (docs/decisions/0301 and 0304):
 *
 * - One at a time: postgres.js otherwise writes a query on a connection that has not answered the last
 *   one yet (pipelining); a transaction pooler that does not track pipelines (PgBouncer before 1.21,
 *   as in Debian 12) gives the server connection to another client at the first ReadyForQuery and
 *   drops the answers of the next query, which then waits forever. postgres.js's own
 *   `max_pipeline: 0` cannot be used: its transactions then never learn their connection.
 * - A deadline: a statement, or a whole transaction, gets `timeoutMs` from the call, waiting for a
 *   slot included; then the caller gets StatementTimeoutError, the query is cancelled, and a
 *   transaction runs no further statement (it rolls back). Work started inside `withDeadline` gets
 *   that deadline instead (a backup's one transaction, decision 0611).
 * - Work that does not end `graceMs` after it was cancelled, or after its connection closed, is given
 *   up: its caller gets an error, the client is replaced by a new one and every slot is free. A
 *   `begin()` whose connection is reset may never settle (seen with postgres.js 3.4 when the
 *   embedded database is killed); it held its slot forever, and every later request waited for
 *   the statement timeout and answered 503 until the process was restarted.
 */
export function guardedPool(options: GuardOptions): { sql: postgres.Sql; current: () => postgres.Sql } {
  const slots = new Slots(options.connections)
  const deadlineMs = () => longerDeadline.getStore() ?? options.timeoutMs
  const active = new Set<Held>()
  const connect = (): postgres.Sql => {
    const client: postgres.Sql = options.connect(() => connectionClosed(client))
    return client
  }
  const first = connect()
  let current = first

  /** Replaces `stale` (when it is still the client in use) and answers its unfinished work. */
  function replace(stale: postgres.Sql): void {
    if (stale !== current) return
    current = connect()
    // drizzle set its type parsers on the options of the first client (drizzle-orm/postgres-js driver).
    Object.assign(current.options.parsers, first.options.parsers)
    Object.assign(current.options.serializers, first.options.serializers)
    slots.reset()
    for (const held of active) {
      if (held.client !== stale) continue
      active.delete(held)
      held.abandon(new ConnectionLostError())
    }
    // Closed once its work has ended, never destroyed: postgres.js leaves the rejection of a
    // connection's start-up query unhandled when it is destroyed meanwhile (an unhandled rejection
    // ends a function instance). A connection that never answers again is closed by TCP keep-alive.
    void stale.end().catch(() => {})
  }

  function connectionClosed(client: postgres.Sql): void {
    const unfinished = [...active].filter((held) => held.client === client)
    if (unfinished.length === 0) return
    // postgres.js rejects what ran on a closed connection at once; whatever is still running after
    // the grace never will.
    setTimeout(() => {
      if (unfinished.some((held) => !held.settled)) replace(client)
    }, options.graceMs).unref()
  }

  function guard<T>(start: (client: postgres.Sql) => PromiseLike<T>, stop: () => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let held: Held | undefined
      const timeoutMs = deadlineMs()
      const deadline = new AbortController()
      const timer = setTimeout(() => deadline.abort(new StatementTimeoutError(timeoutMs)), timeoutMs)
      deadline.signal.addEventListener('abort', () => {
        reject(deadline.signal.reason as Error)
        if (!held || held.settled) return
        stop()
        const late = held
        setTimeout(() => {
          if (!late.settled) replace(late.client)
        }, options.graceMs).unref()
      })
      slots.take(deadline.signal).then(
        (release) => {
          const client = current
          const work: Held = {
            client,
            settled: false,
            abandon: (error) => {
              clearTimeout(timer)
              reject(error)
              stop()
              release()
            },
          }
          held = work
          active.add(work)
          const end = () => {
            work.settled = true
            active.delete(work)
            clearTimeout(timer)
            release()
          }
          Promise.resolve()
            .then(() => start(client))
            .then(
              (value) => {
                end()
                resolve(value)
              },
              (error: unknown) => {
                end()
                reject(error as Error)
                // The statements queued behind this one would each wait for their own failed
                // connection attempt: a database that is away is reported to them at once, and
                // nothing stale is left queued to run before the requests made once it is back.
                if (isConnectionFailure(error)) slots.failWaiting(error as Error)
              },
            )
        },
        (error: unknown) => {
          // Refused while waiting: the database is away (failWaiting), or the deadline passed (the
          // caller has its answer already). Swallowed here, a refusal left the request waiting for
          // the whole statement timeout: 20 s for every request queued when the database died.
          clearTimeout(timer)
          reject(error as Error)
        },
      )
    })
  }

  /** A statement outside a transaction: lazy like postgres.js's own query (it starts when awaited). */
  function statement(...args: Parameters<postgres.Sql['unsafe']>) {
    let query: postgres.PendingQuery<postgres.Row[]> | undefined
    const start = <T>(pick: (q: postgres.PendingQuery<postgres.Row[]>) => PromiseLike<T>) =>
      guard(
        (client) => pick((query = client.unsafe(...args))),
        () => void query?.cancel(),
      )
    return {
      values: () => start((q) => q.values()),
      then: <A, B>(ok?: (rows: postgres.RowList<postgres.Row[]>) => A, fail?: (error: unknown) => B) =>
        start((q) => q).then(ok, fail),
    }
  }

  /**
   * A transaction: one deadline for all of it; past it, its statements are refused and it rolls
   * back. postgres.js rejects `begin` as soon as the transaction's connection closes, while the
   * callback may still be running; anything it then sends on that connection, its next statement or
   * the rollback postgres.js sends when the callback fails, is written to a closed socket and throws
   * outside any promise ("Cannot read properties of null (reading 'write')"): an uncaught exception
   * that ends a function instance. So the callback's next statements are refused, and a callback
   * that fails once its connection is lost never settles (the server rolled the transaction back
   * when the connection dropped; the caller has had its answer).
   */
  function transaction(...args: unknown[]) {
    const body = args.pop() as (sql: postgres.TransactionSql) => unknown
    /** Set once no statement may run any more: the deadline passed, or the transaction ended. */
    let over: Error | undefined
    /** The callback was still running when `begin` settled: its connection is gone. */
    let lost = false
    let running = false
    let last: postgres.PendingQuery<postgres.Row[]> | undefined
    const scoped = <S extends postgres.TransactionSql>(sql: S): S =>
      new Proxy(sql, {
        get(target, property, receiver) {
          if (property === 'unsafe') {
            return (...a: Parameters<postgres.Sql['unsafe']>) => {
              if (over) throw over
              return (last = target.unsafe(...a))
            }
          }
          if (property === 'savepoint') {
            return (...a: unknown[]) => {
              const inner = a.pop() as (sql: postgres.TransactionSql) => unknown
              return (target.savepoint as (...b: unknown[]) => Promise<unknown>)(...a, (sql: postgres.TransactionSql) =>
                inner(scoped(sql)),
              )
            }
          }
          return Reflect.get(target, property, receiver) as unknown
        },
      })
    const inside = async (sql: postgres.TransactionSql) => {
      running = true
      try {
        return await body(scoped(sql))
      } catch (error) {
        const connectionGone = isConnectionFailure(error) && !(error instanceof ConnectionLostError)
        if (lost || connectionGone) return new Promise<never>(() => {})
        throw error
      } finally {
        running = false
      }
    }
    return guard(
      (client) => {
        const begun = (client.begin as (...a: unknown[]) => Promise<unknown>)(...args, inside)
        const ended = () => {
          lost = running
          over ??= new ConnectionLostError()
        }
        begun.then(ended, ended)
        return begun
      },
      () => {
        over ??= new StatementTimeoutError(deadlineMs())
        void last?.cancel()
      },
    )
  }

  const sql = new Proxy(first, {
    get(_target, property) {
      if (property === 'unsafe') return statement
      if (property === 'begin') return transaction
      return Reflect.get(current, property, current) as unknown
    },
  })
  return { sql, current: () => current }
}
