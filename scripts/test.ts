/**
 * `npm test`: unit, API (PGlite and PostgreSQL 15) and end-to-end tests.
 * Finds Chromium first (CHROMIUM_PATH, else Debian's chromium-headless-shell, else chromium):
 * installs Debian's chromium-headless-shell when neither is there and running as root, otherwise
 * says exactly what is missing. Never downloads a browser of its own.
 * The headless shell is Chromium's own headless build (what Playwright runs headless); on this
 * two-core machine it runs the end-to-end suite about a quarter faster than the full browser.
 *
 * Order (docs/decisions/0015-tests-in-parallel.md): Vitest runs while the end-to-end site builds
 * and starts; then the read-only browser tests (two browsers), then the tests that change content,
 * one at a time. Vitest's output follows Playwright's.
 *
 * Hermetic: Vitest, Playwright and the site under test get an allow-listed environment, never the
 * caller's settings for the site nor `.env` (scripts/local-platform/hermetic-env.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { findChromium, requireChromium } from './local-platform/chromium.ts'
import { e2eSite } from './local-platform/e2e-site.ts'
import { hermeticEnv } from './local-platform/hermetic-env.ts'

type Env = Record<string, string | undefined>

function run(cmd: string, args: string[], env: Env): number {
  console.log(`\n$ ${cmd} ${args.join(' ')}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env })
  return r.status ?? 1
}

/** Runs a command with its output in `logFile`; resolves with its exit code. */
function runLogged(cmd: string, args: string[], env: Env, logFile: string): Promise<number> {
  return new Promise((resolve) => {
    const out = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env })
    const chunks: Buffer[] = []
    out.stdout!.on('data', (d: Buffer) => chunks.push(d))
    out.stderr!.on('data', (d: Buffer) => chunks.push(d))
    out.once('close', (code) => {
      writeFileSync(logFile, Buffer.concat(chunks))
      resolve(code ?? 1)
    })
  })
}

function ensureChromium(): string {
  const found = findChromium()
  if (found) return found
  if (!process.env.CHROMIUM_PATH && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium-headless-shell package...")
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    run('apt-get', ['update', '-qq'], aptEnv)
    run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], aptEnv)
  }
  try {
    return requireChromium()
  } catch (error) {
    console.error(`${(error as Error).message} Then run \`npm test\` again.`)
    process.exit(1)
  }
}

/** Starts the end-to-end site as Playwright would (its poison environment included) and waits for it. */
async function startSite(env: Env): Promise<ChildProcess> {
  const site = e2eSite(env)
  console.log(`\n$ node ${site.args.join(' ')}  (the end-to-end site, on ${site.baseURL})`)
  const child = spawn(process.execPath, site.args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, ...site.poison },
  })
  const until = Date.now() + 240_000
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the end-to-end site exited (${child.exitCode}) before it answered`)
    try {
      if ((await fetch(site.readyUrl)).ok) return child
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  child.kill('SIGTERM')
  throw new Error(`the end-to-end site did not answer ${site.readyUrl} within 4 minutes`)
}

function stopSite(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

const browser = ensureChromium()
const env = hermeticEnv(process.env, { CHROMIUM_PATH: browser })
const bin = 'node_modules/.bin'
mkdirSync('.data', { recursive: true })
const vitestLog = '.data/vitest-output.log'
const summaryFile = '.data/test-summary.log'
writeFileSync(summaryFile, '')
const e2eEnv = { ...env, E2E_REUSE_SITE: '1', E2E_SUMMARY_FILE: summaryFile }

// Vitest first, while the end-to-end site builds and starts; the browser tests after it, alone.
// Each write of the writing tests purges and re-renders pages on demand (decision 0700), so the
// site under test is busy: a Vitest niced beside them was starved (its 5,000-request fuzz test took
// 15 min there against 1 min alone), and at normal priority beside them it made admin tests fail.
console.log(`\n$ ${bin}/vitest run  (while the end-to-end site starts; its output follows Playwright's)`)
const unitRun = runLogged(`${bin}/vitest`, ['run'], { ...env, VITEST_TIMEOUT_SCALE: '4' }, vitestLog)
let failed = 0
let vitest = 1
let site: ChildProcess | undefined
try {
  site = await startSite(env)
  vitest = await unitRun
  // Both browser projects run whatever the other's result: the summary names every failure.
  const readOnly = run(`${bin}/playwright`, ['test', '--project=read-only'], {
    ...e2eEnv,
    E2E_SUMMARY_PROJECT: 'read-only',
  })
  const writing = run(`${bin}/playwright`, ['test', '--project=writing', '--no-deps'], {
    ...e2eEnv,
    E2E_SUMMARY_PROJECT: 'writing',
  })
  failed = readOnly || writing
} finally {
  vitest = await unitRun
  if (site) await stopSite(site)
}
const vitestOutput = readFileSync(vitestLog, 'utf8')
console.log(`\n$ vitest run (output)\n${vitestOutput}`)
// Last, what decided the exit code: CI shows only the tail of a long run.
// Without the terminal's colour codes.
const vitestLines = vitestOutput.replace(/\u001b\[[0-9;]*m/g, '').split('\n')
const vitestTotals = vitestLines
  .filter((line) => /^\s*(Test Files|Tests|Errors)\s/.test(line))
  .map((line) => line.trim())
  .join('; ')
// Vitest marks each failed test (and a file that failed to run) with a FAIL line.
const vitestFailures = [
  ...new Set(vitestLines.filter((line) => /^\s*FAIL\s/.test(line)).map((line) => `  ${line.trim()}`)),
]
console.log(
  [
    '\n== npm test summary ==',
    readFileSync(summaryFile, 'utf8').trimEnd() || 'Playwright: did not report',
    `Vitest: exit ${vitest} (${vitestTotals || 'no totals printed'})`,
    ...vitestFailures.slice(0, 30),
    failed || vitest ? 'npm test FAILED' : 'npm test passed',
  ].join('\n'),
)
process.exit(failed || vitest)
