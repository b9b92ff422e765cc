import { spawn, type ChildProcess } from 'node:child_process'

/**
 * Starts a database server program (`script`, run by Node with tsx) as a child and resolves once it
 * prints `ready ` on its standard output (the embedded server prints `ready <port>`).
 */
export function spawnDatabaseServer(script: string, extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('ready ')) resolve(child)
    })
    child.once('exit', (code) => reject(new Error(`database server exited with code ${code} before it was ready`)))
  })
}

export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill(signal)
  })
}

/** The wait before restart attempt `attempt` (0-based): 0.5 s, doubling, at most 10 s. */
export function restartDelayMs(attempt: number): number {
  return Math.min(10_000, 500 * 2 ** Math.min(attempt, 10))
}

/** The longest time away a test may ask for: a test that fails before it brings the database back waits this long at most. */
export const MAX_DATABASE_AWAY_MS = 120_000

/**
 * How long the body of the test site's database-kill control asks the database to stay away
 * (`{ "awayMs": n }`): undefined for no body or no `awayMs`, 'bad' for anything else.
 */
export function awayOf(body: Uint8Array): number | undefined | 'bad' {
  if (body.length === 0) return undefined
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body).toString())
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'bad'
    const { awayMs } = parsed as { awayMs?: unknown }
    if (awayMs === undefined) return undefined
    return typeof awayMs === 'number' && Number.isInteger(awayMs) && awayMs >= 0 && awayMs <= MAX_DATABASE_AWAY_MS
      ? awayMs
      : 'bad'
  } catch {
    return 'bad'
  }
}

export interface SupervisedDatabase {
  /** The server running now (undefined while it is being restarted). */
  current(): ChildProcess | undefined
  /**
   * The database dies (the test site's control, DATABASE_KILL_CONTROL_PATH): the server is killed
   * (SIGKILL) and restarted as after any death, but with `awayMs` not before that long from now, so
   * a test can look at the site while it is away. Called while it is away, `awayMs` moves the
   * restart to that long from now (0: as soon as the backoff allows). False when there was nothing
   * to kill or move.
   */
  kill(awayMs?: number): boolean
  /** Stops restarting, and stops the server (the signal is sent before this returns its promise). */
  stop(): Promise<void>
}

/**
 * Keeps the embedded database server running: started once (a failure there is the caller's), then
 * restarted whenever it dies, retrying with backoff for as long as it takes (the port may still be
 * held by the dying process, the disk may be full for a while). Without the retry, one failed
 * restart left the site with no database until it was restarted by hand: every API call hung for
 * the connect timeout and answered 500.
 */
export async function superviseDatabase(
  start: () => Promise<ChildProcess>,
  log: (line: string) => void = (line) => console.error(`[start] ${line}`),
): Promise<SupervisedDatabase> {
  let child: ChildProcess | undefined
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  /** The attempt a restart waits to make (its timer is running), if one does. */
  let waiting: number | undefined
  /** A restart is starting the server now. */
  let starting = false
  /** No restart before this time (`kill(awayMs)`). */
  let awayUntil = 0

  const watch = (server: ChildProcess) => {
    child = server
    server.once('exit', (code, signal) => {
      child = undefined
      if (stopped) return
      log(`database server exited (${signal ?? code}); restarting it`)
      restart(0)
    })
  }
  const restart = (attempt: number) => {
    const delay = Math.max(restartDelayMs(attempt), awayUntil - Date.now())
    waiting = attempt
    timer = setTimeout(() => {
      waiting = undefined
      if (stopped) return
      starting = true
      start().then(
        (server) => {
          starting = false
          if (stopped) return void stopChild(server)
          if (attempt > 0) log(`database server is back after ${attempt + 1} attempts`)
          watch(server)
          // Sent away while it was starting: away again, until its time.
          if (Date.now() < awayUntil) server.kill('SIGKILL')
        },
        (error: unknown) => {
          starting = false
          const next = restartDelayMs(attempt + 1)
          log(
            `database restart failed (${error instanceof Error ? error.message : String(error)}); ` +
              `trying again in ${(next / 1000).toFixed(1)} s`,
          )
          restart(attempt + 1)
        },
      )
    }, delay)
  }

  watch(await start())
  return {
    current: () => child,
    kill(awayMs) {
      if (stopped) return false
      if (awayMs !== undefined) awayUntil = Date.now() + awayMs
      if (child) return child.kill('SIGKILL')
      if (awayMs === undefined) return false
      // Starting: killed as soon as it is up (above).
      if (starting) return true
      if (waiting === undefined) return false
      clearTimeout(timer)
      restart(waiting)
      return true
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      if (child) await stopChild(child)
    },
  }
}
