/**
 * `npm test`: unit, API (PGlite and PostgreSQL 15) and end-to-end tests, in that order.
 * Finds Chromium first (CHROMIUM_PATH, else Debian's chromium-headless-shell, else chromium):
 * installs Debian's chromium-headless-shell when neither is there and running as root, otherwise
 * says exactly what is missing. Never downloads a browser of its own.
 * The headless shell is Chromium's own headless build (what Playwright runs headless); on this
 * two-core machine it runs the end-to-end suite about a quarter faster than the full browser.
 *
 * Hermetic: Vitest and Playwright (and through it the site under test) get an allow-listed
 * environment, never the caller's settings for the site nor `.env` (scripts/lib/hermetic-env.ts).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { hermeticEnv } from './lib/hermetic-env.ts'

function run(cmd: string, args: string[], env: Record<string, string | undefined>): number {
  console.log(`\n$ ${cmd} ${args.join(' ')}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env })
  return r.status ?? 1
}

function ensureChromium(): string {
  const wanted = process.env.CHROMIUM_PATH
  if (wanted) {
    if (existsSync(wanted)) return wanted
    console.error(`CHROMIUM_PATH is set to ${wanted}, which does not exist. Point it at a Chromium binary.`)
    process.exit(1)
  }
  const found = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) =>
    existsSync(p),
  )
  if (found) return found
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium-headless-shell package...")
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    run('apt-get', ['update', '-qq'], aptEnv)
    const shell = '/usr/bin/chromium-headless-shell'
    if (run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], aptEnv) === 0 && existsSync(shell)) {
      return shell
    }
  }
  console.error(
    'Missing: Chromium for the end-to-end tests. Install it with ' +
      '`sudo apt-get install -y chromium-headless-shell` (or `chromium`, or set CHROMIUM_PATH to a ' +
      'Chromium binary) and run `npm test` again.',
  )
  process.exit(1)
}

const browser = ensureChromium()
const env = hermeticEnv(process.env, { CHROMIUM_PATH: browser })
const bin = 'node_modules/.bin'
let failed = run(`${bin}/vitest`, ['run'], env)
failed ||= run(`${bin}/playwright`, ['test'], env)
process.exit(failed)
