import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '@simracing/local-platform'

/** Where Debian's `pgbouncer` package puts the binary (it is not on a normal user's PATH). */
const candidates = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer']

export function findPgBouncer(): string | null {
  return candidates.find((p) => existsSync(p)) ?? null
}

/**
 * PgBouncer, installed from Debian's package when missing and running as root (as scripts/test.ts
 * does for Chromium). Returns null with a message otherwise; nothing else is ever downloaded.
 */
export function ensurePgBouncer(): string | null {
  const found = findPgBouncer()
  if (found) return found
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("[pooler] PgBouncer is missing: installing Debian's pgbouncer package...")
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    // Another apt-get (a second test run, an install beside it) holds the lock: wait for it.
    const lock = ['-o', 'DPkg::Lock::Timeout=180']
    spawnSync('apt-get', ['update', '-qq', ...lock], { stdio: 'inherit', env })
    spawnSync('apt-get', ['install', '-y', '-qq', ...lock, 'pgbouncer'], { stdio: 'inherit', env })
    const installed = findPgBouncer()
    if (installed) return installed
  }
  console.warn(
    '[pooler] PgBouncer not found: install it with `sudo apt-get install -y pgbouncer` and run the tests again.',
  )
  return null
}

export interface PoolerOptions {
  /** The PostgreSQL server behind the pooler. */
  serverPort: number
  /** Server connections per database/user pair (Supabase's small plans allow 15-20). */
  poolSize?: number
  /** Client connections PgBouncer accepts before refusing (Supabase's pooler: 200 on the smallest compute). */
  maxClients?: number
  /** Seconds before PgBouncer closes an unused server connection. */
  serverIdleTimeout?: number
}

export interface Pooler {
  /** The connection string the app uses, as production's `DATABASE_URL` through the transaction pooler. */
  url: string
  /** PgBouncer's admin console (SHOW POOLS, SHOW CLIENTS). */
  adminUrl: string
  port: number
  poolSize: number
  maxClients: number
  stop(): Promise<void>
}

export const POOLER_USER = 'app'
const POOLER_PASSWORD = 'pooler-test-password'

/**
 * PgBouncer in transaction mode on a free port in front of `serverPort`, with a password
 * (SCRAM, as Supabase's pooler) so the client goes through the same authentication as production.
 * PgBouncer refuses to run as root: as root it runs as the `postgres` user.
 */
export async function startPgBouncer(bin: string, options: PoolerOptions): Promise<Pooler> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pgbouncer-'))
  chmodSync(dir, 0o777)
  const port = await freePort()
  const poolSize = options.poolSize ?? 10
  const maxClients = options.maxClients ?? 200
  const ini = path.join(dir, 'pgbouncer.ini')
  writeFileSync(path.join(dir, 'userlist.txt'), `"${POOLER_USER}" "${POOLER_PASSWORD}"\n`)
  writeFileSync(
    ini,
    [
      '[databases]',
      // A client's database name is the server database of that name, logged in as the superuser
      // (the test cluster trusts local connections).
      `postgres = host=127.0.0.1 port=${options.serverPort} dbname=postgres user=postgres`,
      `* = host=127.0.0.1 port=${options.serverPort} user=postgres`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = scram-sha-256',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      `admin_users = ${POOLER_USER}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'min_pool_size = 0',
      'reserve_pool_size = 0',
      `max_client_conn = ${maxClients}`,
      `max_db_connections = ${poolSize}`,
      // A client waits for a server connection rather than failing (up to the query timeout).
      'query_wait_timeout = 60',
      `server_idle_timeout = ${options.serverIdleTimeout ?? 30}`,
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  )
  const asRoot = process.getuid?.() === 0
  const child = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', bin, ini], { stdio: 'ignore', cwd: dir })
    : spawn(bin, [ini], { stdio: 'ignore', cwd: dir })
  let exited = false
  child.once('exit', () => {
    exited = true
  })
  try {
    await waitForPort(port, () => exited)
  } catch (error) {
    const log = existsSync(path.join(dir, 'pgbouncer.log')) ? readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8') : ''
    child.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`PgBouncer did not start: ${(error as Error).message}\n${log}`)
  }
  const credentials = `${POOLER_USER}:${POOLER_PASSWORD}@127.0.0.1:${port}`
  return {
    url: `postgres://${credentials}/postgres`,
    adminUrl: `postgres://${credentials}/pgbouncer`,
    port,
    poolSize,
    maxClients,
    async stop() {
      if (!exited) {
        const done = new Promise((resolve) => child.once('exit', resolve))
        // runuser forwards SIGTERM to PgBouncer, which closes its connections and exits.
        child.kill('SIGTERM')
        await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 5000))])
        if (!exited) killByPidfile(path.join(dir, 'pgbouncer.pid'))
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function killByPidfile(pidfile: string) {
  if (!existsSync(pidfile)) return
  const pid = Number(readFileSync(pidfile, 'utf8').trim())
  if (pid > 0) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

async function waitForPort(port: number, gaveUp: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (gaveUp()) throw new Error('the process exited')
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`)
}
