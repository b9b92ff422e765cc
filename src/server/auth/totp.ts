import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) as every authenticator app
 * computes them by default: HMAC-SHA1, 6 digits, 30-second steps from the Unix epoch. node:crypto
 * only; tests/unit/totp.test.ts holds it to the RFC's test vectors.
 */
export const TOTP_STEP_SECONDS = 30
export const TOTP_DIGITS = 6
/** A code of the step before or after the server's is accepted too: phone clocks drift. */
export const TOTP_WINDOW = 1

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 section 6 base32, with `=` padding unless `pad` is false (otpauth URIs leave it out). */
export function base32Encode(bytes: Uint8Array, pad = true): string {
  let out = ''
  let bits = 0
  let value = 0
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff
    bits += 8
    while (bits >= 5) {
      out += base32Alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += base32Alphabet[(value << (5 - bits)) & 31]
  return pad ? out.padEnd(Math.ceil(out.length / 8) * 8, '=') : out
}

/**
 * Decodes base32 as people type it from a screen: case, spaces and padding are forgiven; any
 * other character is an error.
 */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase()
  const bytes: number[] = []
  let bits = 0
  let value = 0
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char)
    if (index < 0) throw new Error(`Not a base32 character: ${JSON.stringify(char)}`)
    value = ((value << 5) | index) & 0xffff
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

/** RFC 4226 HOTP: the code for one counter value. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac('sha1', secret).update(message).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The 30-second step a moment falls in. */
export const totpStep = (timeMs: number) => Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS)

/** The code an authenticator app shows at `timeMs`. */
export function totp(secret: Uint8Array, timeMs: number, digits = TOTP_DIGITS): string {
  return hotp(secret, totpStep(timeMs), digits)
}

/**
 * The step whose code `code` is, within the window around `timeMs` and strictly after `lastStep`
 * (a code already accepted, or an older one, is never accepted again); undefined otherwise.
 */
export function matchTotp(
  secret: Uint8Array,
  code: string,
  timeMs: number,
  lastStep: number | null = null,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined
  const now = totpStep(timeMs)
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (lastStep !== null && step <= lastStep) continue
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code))) return step
  }
  return undefined
}

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's recommended length), base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20), false)

/**
 * The `otpauth://` URI authenticator apps read from the QR code (Google Authenticator's Key Uri
 * Format): label `Issuer:account`, and the issuer again as a parameter for apps that want it there.
 */
export function otpauthUri({ secret, issuer, account }: { secret: string; issuer: string; account: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
  const params = new URLSearchParams({
    secret: secret.replace(/=+$/, ''),
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  })
  // URLSearchParams writes spaces as '+', which some apps show literally: %20 is read by all.
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, '%20')}`
}
