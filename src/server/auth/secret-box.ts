import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { env } from '../../env.server.ts'
import { ApiError } from '../http/errors.ts'

/**
 * The credentials the site keeps for the owner (a Discord webhook address, a Bluesky app password,
 * a Mastodon token, a webhook's signing secret) are kept sealed (docs/decisions/0860): AES-256-GCM
 * with a key derived (HKDF-SHA256) from SECRETS_KEY, which lives in the environment and never in
 * the database, so a copy of the database or a backup archive holds nothing usable. Each value is
 * sealed for one purpose (`channel:discord`, `webhook:12`): a sealed value copied into another row
 * does not open there.
 */
const VERSION = 'v1'

/** Said when the environment holds no key: nothing can be sealed or opened. */
export const noSecretsKeyMessage =
  'Set SECRETS_KEY (at least 32 characters) in the site’s environment to keep credentials: it encrypts them in the database.'

/** Whether credentials can be kept here. */
export const canKeepSecrets = (key: string | undefined = env.SECRETS_KEY): boolean => key !== undefined

function derivedKey(key: string | undefined): Buffer {
  if (!key) throw new ApiError(503, noSecretsKeyMessage)
  return Buffer.from(hkdfSync('sha256', key, 'simracing-hub', 'credentials v1', 32))
}

/** `value` sealed for `purpose`: 'v1.<iv>.<ciphertext and tag>', base64url. */
export function seal(value: string, purpose: string, key: string | undefined = env.SECRETS_KEY): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', derivedKey(key), iv)
  cipher.setAAD(Buffer.from(purpose))
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`
}

/**
 * The value sealed for `purpose`, or undefined when it cannot be opened: another key (a database
 * restored onto a site with another SECRETS_KEY), another purpose, or damaged. The owner then
 * enters the credential again.
 */
export function open(sealed: string, purpose: string, key: string | undefined = env.SECRETS_KEY): string | undefined {
  const [version, iv, body] = sealed.split('.')
  if (version !== VERSION || !iv || !body) return undefined
  try {
    const bytes = Buffer.from(body, 'base64url')
    // One spelling opens: base64url decoding skips foreign characters and the last one's unused bits.
    if (bytes.length < 16 || bytes.toString('base64url') !== body) return undefined
    const decipher = createDecipheriv('aes-256-gcm', derivedKey(key), Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(purpose))
    decipher.setAuthTag(bytes.subarray(bytes.length - 16))
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8')
  } catch (error) {
    if (error instanceof ApiError) throw error
    return undefined
  }
}
