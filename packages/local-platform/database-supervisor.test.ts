import { spawn, type ChildProcess } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { awayOf, MAX_DATABASE_AWAY_MS, superviseDatabase, type SupervisedDatabase } from './database-supervisor.ts'

/**
 * The supervisor's kill with a time away (the test site's database-kill control with `awayMs`,
 * tests/e2e/database-away.spec.ts): the database stays away that long, then comes back, and a second
 * call moves its return. A stand-in server (a Node process that idles) takes the embedded server's
 * place: what is tested is when the supervisor starts one, not PGlite (tests/integration/
 * embedded-restart.test.ts restarts the real one).
 */
const idle = (): Promise<ChildProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
    child.once('spawn', () => resolve(child))
    child.once('error', reject)
  })

let supervised: SupervisedDatabase | undefined
afterEach(async () => {
  await supervised?.stop()
})

/** Resolves with the time from now until the supervisor has a server again. */
async function backAfter(db: SupervisedDatabase, limitMs = 10_000): Promise<number> {
  const from = Date.now()
  while (!db.current() && Date.now() - from < limitMs) await new Promise((resolve) => setTimeout(resolve, 20))
  return Date.now() - from
}

describe('a supervised database sent away', () => {
  it('stays away for the time asked, then is started again', async () => {
    supervised = await superviseDatabase(idle, () => {})
    const first = supervised.current()!
    const exited = new Promise((resolve) => first.once('exit', resolve))
    const killedAt = Date.now()
    expect(supervised.kill(1000)).toBe(true)
    await exited
    expect(supervised.current()).toBeUndefined()
    await backAfter(supervised)
    // Twice the backoff's half second: the time away, not the backoff.
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(1000)
    expect(supervised.current()).not.toBe(first)
    expect(supervised.current()!.exitCode).toBeNull()
  })

  it('a second call while away moves the return: 0 brings it back within the backoff', async () => {
    supervised = await superviseDatabase(idle, () => {})
    expect(supervised.kill(60_000)).toBe(true)
    await new Promise((resolve) => supervised!.current()?.once('exit', resolve) ?? resolve(undefined))
    await new Promise((resolve) => setTimeout(resolve, 700))
    // Past the backoff's half second, still away.
    expect(supervised.current()).toBeUndefined()
    expect(supervised.kill(0)).toBe(true)
    expect(await backAfter(supervised)).toBeLessThan(2000)
  })

  it('without a time away, it is restarted after the backoff, as after any death', async () => {
    supervised = await superviseDatabase(idle, () => {})
    expect(supervised.kill()).toBe(true)
    await new Promise((resolve) => supervised!.current()?.once('exit', resolve) ?? resolve(undefined))
    expect(await backAfter(supervised)).toBeLessThan(2000)
    // Nothing to move when it is running and no time is given: the call kills it again.
    expect(supervised.kill()).toBe(true)
  })
})

describe("the control's body", () => {
  const body = (text: string) => new TextEncoder().encode(text)

  it('reads awayMs, or nothing', () => {
    expect(awayOf(body(''))).toBeUndefined()
    expect(awayOf(body('{}'))).toBeUndefined()
    expect(awayOf(body('{"awayMs":4000}'))).toBe(4000)
    expect(awayOf(body('{"awayMs":0}'))).toBe(0)
    expect(awayOf(body(`{"awayMs":${MAX_DATABASE_AWAY_MS}}`))).toBe(MAX_DATABASE_AWAY_MS)
  })

  it('refuses anything else', () => {
    for (const text of [
      '4000',
      'away',
      '{"awayMs":-1}',
      '{"awayMs":1.5}',
      '{"awayMs":"4000"}',
      `{"awayMs":${MAX_DATABASE_AWAY_MS + 1}}`,
    ]) {
      expect(awayOf(body(text)), text).toBe('bad')
    }
  })
})
