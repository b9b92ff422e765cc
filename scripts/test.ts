/**
 * `npm test`: unit, API (PostgreSQL 15 through PgBouncer, else PGlite) and end-to-end tests.
 * `npm run validate` runs this with `--checks`: the typecheck, the lint and the format check too.
 * Finds Chromium first (CHROMIUM_PATH, else Debian's chromium-headless-shell, else chromium) and
 * Java (the Nu HTML Checker's): installs Debian's chromium-headless-shell or default-jre-headless
 * when one is missing and running as root, otherwise says exactly what is missing. Never downloads
 * a browser or a Java runtime of its own.
 *
 * Two phases, each keeping both cores busy (docs/decisions/0024): first Vitest, the checks and the
 * three end-to-end sites' builds, side by side; then one Playwright run: the read-only tests on the
 * first site (two browsers) beside the two lanes of writing tests, each on a site of its own (one
 * browser each: they mostly wait for their site). The browser tests do not share the CPU with
 * Vitest: each write purges and re-renders pages on demand, and Vitest beside them was either
 * starved (at a lower priority) or made them miss their timeouts. The output of Vitest and the
 * checks is printed after Playwright's, then a closing summary with each phase's time: CI keeps
 * only the tail of a run.
 *
 * Hermetic: Vitest, Playwright and the sites under test get an allow-listed environment, never the
 * caller's settings for the site nor `.env` (test-support/hermetic-env.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { findChromium, requireChromium } from '../test-support/chromium.ts'
import { findJava, requireJava } from '../test-support/nu-checker.ts'
import { e2eSites, type E2eSite } from '../test-support/e2e-site.ts'
import { hermeticEnv } from '../test-support/hermetic-env.ts'

type Env = Record<string, string | undefined>

const started = Date.now()
const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`
/** What each phase took, for the closing summary. */
const phases: string[] = []

function run(cmd: string, args: string[], env: Env): number {
  console.log(`\n$ ${cmd} ${args.join(' ')}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env })
  return r.status ?? 1
}

interface Logged {
  label: string
  logFile: string
  code: number
  ms: number
}

/** Runs a command with its output in `logFile`; resolves with its exit code and how long it took. */
function runLogged(label: string, cmd: string, args: string[], env: Env, logFile: string): Promise<Logged> {
  const t0 = Date.now()
  return new Promise((resolve) => {
    const out = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env })
    const chunks: Buffer[] = []
    out.stdout!.on('data', (d: Buffer) => chunks.push(d))
    out.stderr!.on('data', (d: Buffer) => chunks.push(d))
    out.once('close', (code) => {
      writeFileSync(logFile, Buffer.concat(chunks))
      resolve({ label, logFile, code: code ?? 1, ms: Date.now() - t0 })
    })
  })
}

/**
 * What the tests need from the machine: `found()` when it is there; else, as root with apt-get,
 * Debian's package installed, then looked for again; else what to install, and exit.
 */
function ensureDebian(
  what: string,
  pkg: string,
  found: () => string | undefined,
  required: () => string,
  chosen?: string,
): string {
  const there = found()
  if (there !== undefined) return there
  // A path the caller chose (CHROMIUM_PATH, JAVA_HOME) that is not there is theirs to correct.
  if (!chosen && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`${what} is missing: installing Debian's ${pkg} package...`)
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    run('apt-get', ['update', '-qq'], aptEnv)
    run('apt-get', ['install', '-y', '-qq', pkg], aptEnv)
  }
  try {
    return required()
  } catch (error) {
    console.error(`${(error as Error).message} Then run \`npm test\` again.`)
    process.exit(1)
  }
}

const ensureChromium = () =>
  ensureDebian('Chromium', 'chromium-headless-shell', findChromium, requireChromium, process.env.CHROMIUM_PATH)

/** The Nu HTML Checker's Java (test-support/nu-checker.ts). */
const ensureJava = () => ensureDebian('Java', 'default-jre-headless', findJava, requireJava, process.env.JAVA_HOME)

/** Starts an end-to-end site as Playwright would (its poison environment included) and waits for it. */
async function startSite(site: E2eSite, env: Env): Promise<ChildProcess> {
  console.log(`\n$ node ${site.args.join(' ')}  (end-to-end site ${site.index + 1}, on ${site.baseURL})`)
  const child = spawn(process.execPath, site.args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, ...site.poison },
  })
  const until = Date.now() + 300_000
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
  throw new Error(`the end-to-end site did not answer ${site.readyUrl} within 5 minutes`)
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

/** The typecheck, the lint and the format check, one after the other (`npm run validate`). */
async function checks(env: Env): Promise<Logged[]> {
  const done: Logged[] = []
  for (const [label, args] of [
    ['typecheck', ['astro', 'check']],
    ['lint', ['eslint', '.', '--max-warnings', '0']],
    ['format', ['prettier', '--check', '.']],
  ] as const) {
    const [cmd, ...rest] = args
    done.push(await runLogged(label, `${bin}/${cmd}`, [...rest], env, `.data/${label}-output.log`))
  }
  return done
}

const withChecks = process.argv.includes('--checks')
const browser = ensureChromium()
ensureJava()
// The three end-to-end sites serve one build, made by the first of them (docs/testing.md).
const env = hermeticEnv(process.env, { CHROMIUM_PATH: browser, E2E_SHARED_BUILD: `.data/e2e-build-${Date.now()}` })
const bin = 'node_modules/.bin'
mkdirSync('.data', { recursive: true })
const vitestLog = '.data/vitest-output.log'
const summaryFile = '.data/test-summary.log'
writeFileSync(summaryFile, '')

// Phase 1: Vitest, the checks and the sites' builds at once. VITEST_TIMEOUT_SCALE: a test waits for
// the CPU while the sites build (the timeouts catch hangs, not slowness).
const phaseOne = Date.now()
console.log(`\n$ ${bin}/vitest run  (while the end-to-end sites build; its output follows Playwright's)`)
const unitRun = runLogged('Vitest', `${bin}/vitest`, ['run'], { ...env, VITEST_TIMEOUT_SCALE: '2' }, vitestLog)
if (withChecks) console.log('$ astro check; eslint; prettier --check  (beside it; their output follows too)')
const checkRuns = withChecks ? checks(env) : Promise.resolve([])

let playwright = 1
const sites: ChildProcess[] = []
try {
  const sitesStarted = Date.now()
  // Every site that started is kept (and stopped below), even when another one failed.
  const startedSites = await Promise.allSettled(e2eSites(env).map((site) => startSite(site, env)))
  phases.push(`End-to-end sites built and started: ${minutes(Date.now() - sitesStarted)}`)
  for (const result of startedSites) {
    if (result.status === 'fulfilled') sites.push(result.value)
  }
  const failedStart = startedSites.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failedStart) throw failedStart.reason
  // The browser tests start when phase 1 is over: beside Vitest they missed their timeouts.
  await Promise.all([unitRun, checkRuns])
  phases.push(`Phase 1 (Vitest, checks, sites): ${minutes(Date.now() - phaseOne)}`)
  const playwrightStarted = Date.now()
  // One run for the three projects: each failure is named in the summary, whatever the others did.
  playwright = run(`${bin}/playwright`, ['test'], { ...env, E2E_REUSE_SITE: '1', E2E_SUMMARY_FILE: summaryFile })
  phases.push(`Phase 2 (Playwright, all projects): ${minutes(Date.now() - playwrightStarted)}`)
} catch (error) {
  console.error(`[npm test] ${(error as Error).message}`)
} finally {
  await Promise.all(sites.map(stopSite))
}
const vitest = await unitRun
const checked = await checkRuns
phases.push(`${vitest.label}: ${minutes(vitest.ms)}`, ...checked.map((c) => `${c.label}: ${minutes(c.ms)}`))

for (const logged of [...checked, vitest]) {
  console.log(`\n$ ${logged.label} (output)\n${readFileSync(logged.logFile, 'utf8')}`)
}
// Last, what decided the exit code: CI shows only the tail of a long run.
// Without the terminal's colour codes.
const vitestLines = readFileSync(vitestLog, 'utf8')
  .replace(/\u001b\[[0-9;]*m/g, '')
  .split('\n')
const vitestTotals = vitestLines
  .filter((line) => /^\s*(Test Files|Tests|Errors)\s+\d/.test(line))
  .map((line) => line.trim())
  .join('; ')
// Vitest marks each failed test (and a file that failed to run) with a FAIL line.
const vitestFailures = [
  ...new Set(vitestLines.filter((line) => /^\s*FAIL\s/.test(line)).map((line) => `  ${line.trim()}`)),
]
// Vitest's line for each file ('✓ pooler tests/api/write-fuzz.test.ts (1 test) 26353ms'): the ten slowest.
const vitestSlowest = vitestLines
  .map((line) => /^\s*[✓❯×↓]\s+(\S+)\s+(\S+\.test\.tsx?)\s+\(.*\)\s+(\d+)ms\s*$/.exec(line))
  .filter((m): m is RegExpExecArray => m !== null)
  .map((m) => ({ file: `${m[2]} [${m[1]}]`, ms: Number(m[3]) }))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 10)
  .map(({ file, ms }) => `  ${(ms / 1000).toFixed(1)} s  ${file}`)
const failedChecks = checked.filter((c) => c.code !== 0)
const failed = playwright || vitest.code || failedChecks.length
console.log(
  [
    '\n== npm test summary ==',
    readFileSync(summaryFile, 'utf8').trimEnd() || 'Playwright: did not report',
    `Vitest: exit ${vitest.code} (${vitestTotals || 'no totals printed'})`,
    ...vitestFailures.slice(0, 30),
    ...(vitestSlowest.length ? ['Vitest, the ten slowest test files:', ...vitestSlowest] : []),
    ...checked.map((c) => `${c.label}: ${c.code === 0 ? 'passed' : `FAILED (exit ${c.code}; its output is above)`}`),
    'Phases (wall clock; they overlap):',
    ...phases.map((phase) => `  ${phase}`),
    `Total: ${minutes(Date.now() - started)}`,
    failed ? 'npm test FAILED' : 'npm test passed',
  ].join('\n'),
)
process.exit(failed ? 1 : 0)
