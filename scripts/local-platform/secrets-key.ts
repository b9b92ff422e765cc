import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ensurePrivateDir, writePrivateFile } from './private-files.ts'

/**
 * `npm start` keeps the channels' credentials and the webhooks' secrets sealed like production does
 * (docs/decisions/0860): when SECRETS_KEY is not set, it uses the key kept in DATA_DIR/secrets.key
 * (mode 600), made on the first start. Kept, not made anew: a new key would leave every connected
 * channel unreadable. Runs before the environment module is read, so it reads process.env itself.
 */
export function ensureSecretsKey(environment: NodeJS.ProcessEnv = process.env): void {
  if (environment.SECRETS_KEY) return
  const file = path.join(environment.DATA_DIR || '.data', 'secrets.key')
  let key = existsSync(file) ? readFileSync(file, 'utf8').trim() : ''
  if (key.length < 32) {
    key = randomBytes(32).toString('base64url')
    ensurePrivateDir(path.dirname(file))
    writePrivateFile(file, `${key}\n`)
  }
  environment.SECRETS_KEY = key
}
