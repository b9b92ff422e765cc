import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  hermeticEnv,
  PASSED_THROUGH,
  SITE_VARIABLES,
  TEST_SITE_ENV,
  UNREACHABLE_API,
} from '../../test-support/hermetic-env.ts'
import { freePort } from '@simracing/local-platform'
import { envVariableNames } from '../../src/env.server.ts'
import { patience } from '../helpers/patience.ts'

/**
 * `npm test` ignores the caller's settings for the site (docs/decisions/0010-hermetic-tests.md).
 * A trap server stands in for every outside service a developer may have configured: it records
 * any connection, HTTP or Postgres, so "nothing tried to reach it" is something we can check.
 */
const connections: string[] = []
const trap = http.createServer((req, res) => {
  connections.push(`${req.method} ${req.url}`)
  res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
})
trap.on('connection', () => connections.push('tcp'))
let trapUrl = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve))
  trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => trap.close(resolve)))

/** What a developer's shell may hold: a chosen password, real keys, a hook, a database of their own. */
const poisoned = (): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '/root',
  ADMIN_PASSWORD: 'poison-password',
  OPENAI_API_KEY: 'sk-poison',
  PERPLEXITY_API_KEY: 'pplx-poison',
  OPENAI_BASE_URL: `${trapUrl}/openai/v1`,
  PERPLEXITY_BASE_URL: `${trapUrl}/perplexity/v1`,
  REBUILD_HOOK_URL: `${trapUrl}/build_hooks/poison`,
  DATABASE_URL: `postgres://poison:poison@127.0.0.1:${new URL(trapUrl).port}/poison`,
  SITE_URL: `${trapUrl}/site`,
  NETLIFY_AUTH_TOKEN: 'nf-poison',
})

const poisonValues = () => Object.values(poisoned()).filter((v) => v.includes('poison'))

describe('the test environment', () => {
  it('keeps only the allow-listed variables and sets the site to its test settings', () => {
    const env = hermeticEnv({ ...poisoned(), LANG: 'C.UTF-8', CI: '1', E2E_PORT: '8960' })
    expect(env).toMatchObject({ PATH: process.env.PATH, LANG: 'C.UTF-8', CI: '1', E2E_PORT: '8960' })
    expect(env).toMatchObject({
      ADMIN_PASSWORD: '',
      OPENAI_API_KEY: '',
      PERPLEXITY_API_KEY: '',
      REBUILD_HOOK_URL: '',
      DATABASE_URL: '',
      SITE_URL: '',
      OPENAI_BASE_URL: UNREACHABLE_API,
      PERPLEXITY_BASE_URL: UNREACHABLE_API,
    })
    expect(env).not.toHaveProperty('NETLIFY_AUTH_TOKEN')
    for (const value of poisonValues()) expect(Object.values(env)).not.toContain(value)
    expect(new URL(UNREACHABLE_API).hostname).toBe('127.0.0.1')
  })

  it('drops any variable it does not know, whatever its name', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), fc.string({ minLength: 1 }), (name, value) => {
        fc.pre(!PASSED_THROUGH.includes(name) && !Object.hasOwn(TEST_SITE_ENV, name))
        expect(Object.hasOwn(hermeticEnv({ [name]: value }), name)).toBe(false)
      }),
    )
  })

  it('sets every variable the site reads, so no .env loader can fill one in', () => {
    // NODE_ENV is each runner's own (Vitest sets test, the site its default).
    expect([...SITE_VARIABLES].sort()).toEqual(envVariableNames.filter((n) => n !== 'NODE_ENV').sort())
    const env = hermeticEnv({})
    for (const name of SITE_VARIABLES) expect(env).toHaveProperty(name)
  })

  it('is what this Vitest run itself got (the config applies it before any test module loads)', () => {
    for (const name of ['ADMIN_PASSWORD', 'OPENAI_API_KEY', 'PERPLEXITY_API_KEY', 'REBUILD_HOOK_URL']) {
      expect(process.env[name] ?? '').toBe('')
    }
    expect(process.env.OPENAI_BASE_URL).toBe(UNREACHABLE_API)
  })
})

/** The processes whose parent is `pid` and whose command line has `script` (Linux /proc, as on this project's machines and CI). */
function childrenOf(pid: number, script: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ')'.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
        return ppid === pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').includes(script)
      } catch {
        return false // the process ended while we looked
      }
    })
    .map(Number)
}

const environOf = (pid: number): Record<string, string> =>
  Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  )

async function until<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

describe('the end-to-end site started from a poisoned shell', () => {
  let server: ChildProcess | undefined
  let dataDir = ''

  afterAll(async () => {
    // Its own process group: the site, its database server and a build in progress stop together.
    if (server?.pid && server.exitCode === null) {
      const group = -server.pid
      const exited = new Promise((resolve) => server!.once('exit', resolve))
      process.kill(group, 'SIGTERM')
      const stuck = setTimeout(() => process.kill(group, 'SIGKILL'), 20_000)
      await exited
      clearTimeout(stuck)
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it(
    'generates its own admin password, uses its own database and gets none of the caller settings',
    async () => {
      const [port, dbPort] = [await freePort(), await freePort()]
      dataDir = `.data/e2e-${port}`
      let output = ''
      server = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/e2e-server.ts', `--port=${port}`, `--db-port=${dbPort}`],
        { env: poisoned(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      server.stdout!.on('data', (d: Buffer) => (output += d.toString()))
      server.stderr!.on('data', (d: Buffer) => (output += d.toString()))
      server.once('exit', (code) => (output += `\n[e2e-server exited ${code}]`))

      // The site writes the generated password once its database is migrated and seeded, before
      // the build: with the caller's ADMIN_PASSWORD it would store that one and write no file (the
      // e2e admin login would then fail), with the caller's DATABASE_URL it would knock on the trap.
      const passwordFile = `${dataDir}/admin-password.txt`
      await until(
        `${passwordFile}; site output:\n${output}`,
        () => (existsSync(passwordFile) && readFileSync(passwordFile, 'utf8').trim().length >= 12) || undefined,
        patience(60_000),
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${output}`)
      })
      expect(readFileSync(passwordFile, 'utf8').trim()).not.toBe('poison-password')

      // (tsx's esbuild service is a child too, with e2e-server's own environment.)
      const [site] = childrenOf(server.pid!, 'scripts/start.ts')
      expect(site, 'scripts/start.ts runs as the child of scripts/e2e-server.ts').toBeDefined()
      const siteEnv = environOf(site!)
      for (const value of poisonValues()) expect(Object.values(siteEnv)).not.toContain(value)
      expect(siteEnv).not.toHaveProperty('NETLIFY_AUTH_TOKEN')
      expect(siteEnv).toMatchObject({
        DATA_DIR: dataDir,
        EMBEDDED_DB_PORT: String(dbPort),
        DATABASE_URL: '',
        OPENAI_BASE_URL: UNREACHABLE_API,
      })
      expect(connections).toEqual([])
    },
    patience(120_000),
  )
})
