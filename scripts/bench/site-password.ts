import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'

/**
 * The admin password a bench logs in with (`bench:admin`, `bench:pages`): the one its site uses.
 * The bench's own site (scripts/e2e-server.ts) is hermetic: it never sees the caller's
 * ADMIN_PASSWORD and generates its password into its data folder. A site already running
 * (`--reuse`, an `npm start`) stored the first password it was given (scripts/local-platform/
 * admin-password.ts): the one it generated into DATA_DIR/admin-password.txt, which its start log
 * then names, else ADMIN_PASSWORD from the environment or `.env` (both read by `npm start`, the
 * environment first).
 */
export interface PasswordSources {
  /** --password=... */
  given?: string
  /** Measuring a site already running rather than the bench's own. */
  reuse: boolean
  /** The bench's own site's data folder (.data/e2e-<port>). */
  ownDataDir: string
  /** The caller's environment, and `.env` as `npm start` reads it. */
  env: Record<string, string | undefined>
  dotEnv: Record<string, string | undefined>
  /** A file's text, or undefined when it does not exist. */
  readFile: (file: string) => string | undefined
}

export function chooseSitePassword(s: PasswordSources): { password: string; from: string } {
  if (s.given) return { password: s.given, from: '--password' }
  if (!s.reuse) {
    const file = path.join(s.ownDataDir, 'admin-password.txt')
    const password = s.readFile(file)?.trim()
    if (password) return { password, from: file }
    throw new Error(
      `No admin password for the bench's own site: ${file} is missing (the site writes it when it starts).`,
    )
  }
  const dataDir = s.env.DATA_DIR || s.dotEnv.DATA_DIR || '.data'
  const file = path.join(dataDir, 'admin-password.txt')
  const generated = s.readFile(file)?.trim()
  if (generated) return { password: generated, from: file }
  if (s.env.ADMIN_PASSWORD) return { password: s.env.ADMIN_PASSWORD, from: 'ADMIN_PASSWORD' }
  if (s.dotEnv.ADMIN_PASSWORD) return { password: s.dotEnv.ADMIN_PASSWORD, from: 'ADMIN_PASSWORD (.env)' }
  throw new Error(
    `No admin password for the site already running: ADMIN_PASSWORD is not set (environment or .env) and ${file} is missing or empty. Pass --password=... (the one you log in with).`,
  )
}

const readIfExists = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined)

/** chooseSitePassword on this machine: this process's environment, `.env` and files. */
export function sitePassword(options: { given?: string; reuse: boolean; port: number }): string {
  const dotEnvText = readIfExists('.env')
  const { password, from } = chooseSitePassword({
    ...options,
    ownDataDir: `.data/e2e-${options.port}`,
    env: process.env,
    dotEnv: dotEnvText === undefined ? {} : parseEnv(dotEnvText),
    readFile: readIfExists,
  })
  console.error(`[bench] admin password: ${from}`)
  return password
}

/** The data folder of the site a bench measures: its own, or (with --reuse) the running one's. */
export function siteDataDir(options: { reuse: boolean; port: number }): string {
  if (!options.reuse) return `.data/e2e-${options.port}`
  const dotEnvText = readIfExists('.env')
  return process.env.DATA_DIR || (dotEnvText === undefined ? undefined : parseEnv(dotEnvText).DATA_DIR) || '.data'
}
