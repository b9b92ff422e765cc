import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { env, usesEmbeddedDatabase } from '../../src/env.server.ts'
import { hasPassword, setPassword } from '../../src/server/auth/credentials.ts'
import { ensurePrivateDir, writePrivateFile } from './private-files.ts'

/** Where `npm start` keeps the generated password of the embedded default (mode 600, never committed). */
export const adminPasswordFile = () => path.join(env.DATA_DIR, 'admin-password.txt')

/**
 * Makes sure the admin can log in, without ever storing the password in the database:
 *  - a password is already stored: nothing to do (changes made in the admin are kept);
 *  - ADMIN_PASSWORD is set: its Argon2id hash is stored;
 *  - the embedded database and no ADMIN_PASSWORD: a random password is generated, its hash stored,
 *    the password written to .data/admin-password.txt and printed once.
 * Answers a line for the start log.
 */
export async function ensureAdminPassword(): Promise<string> {
  if (await hasPassword()) {
    const file = adminPasswordFile()
    return existsSync(file) ? `admin password: as generated earlier (${file})` : 'admin password: stored'
  }
  if (env.ADMIN_PASSWORD) {
    await setPassword(env.ADMIN_PASSWORD)
    return 'admin password: set from ADMIN_PASSWORD'
  }
  if (!usesEmbeddedDatabase) {
    return 'admin password: NOT SET - set ADMIN_PASSWORD (the admin cannot log in until then)'
  }
  const file = adminPasswordFile()
  // A file left from an earlier database keeps its password, so a note taken earlier still works.
  const password = existsSync(file) ? readFileSync(file, 'utf8').trim() : randomBytes(12).toString('base64url')
  ensurePrivateDir(path.dirname(file))
  writePrivateFile(file, `${password}\n`)
  await setPassword(password)
  return [
    'admin password generated (shown once; also kept in ' + file + '):',
    '',
    `      ${password}`,
    '',
    '  Change it in the admin (System tab) or set ADMIN_PASSWORD before the first start.',
  ].join('\n')
}
