/**
 * `npm test`: unit, API (PGlite and PostgreSQL 15) and end-to-end tests, in that order.
 * Finds Chromium first: installs Debian's package when missing and running as root, otherwise
 * says exactly what is missing. Never downloads a browser of its own.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))

function run(cmd: string, args: string[], extraEnv: Record<string, string> = {}): number {
  console.log(`\n$ ${cmd} ${args.join(' ')}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } })
  return r.status ?? 1
}

function ensureChromium(): string {
  if (chromium) return chromium
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium package...")
    run('apt-get', ['update', '-qq'])
    if (
      run('apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' }) === 0 &&
      existsSync('/usr/bin/chromium')
    ) {
      return '/usr/bin/chromium'
    }
  }
  console.error(
    'Missing: Chromium for the end-to-end tests. Install it with `sudo apt-get install -y chromium` ' +
      '(or set CHROMIUM_PATH to a Chromium binary) and run `npm test` again.',
  )
  process.exit(1)
}

const browser = ensureChromium()
const bin = 'node_modules/.bin'
let failed = run(`${bin}/vitest`, ['run'])
failed ||= run(`${bin}/playwright`, ['test'], { CHROMIUM_PATH: browser })
process.exit(failed)
