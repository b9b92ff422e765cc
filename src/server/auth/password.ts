import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * scrypt with OWASP's parameters (N=2^17, r=8, p=1): about 128 MiB and a few hundred
 * milliseconds per hash, so a stolen hash is slow to attack. The parameters are stored with the
 * hash, so they can be raised later without breaking existing hashes.
 */
const params = { N: 2 ** 17, r: 8, p: 1 }
/**
 * Recovery codes are 60 random bits, not chosen by a person: a far lighter cost (4 MiB) already
 * puts them out of reach, and a login with one checks up to ten hashes.
 */
export const recoveryCodeCost = { N: 2 ** 12, r: 8, p: 1 }
const keyLength = 64

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

const maxmem = (N: number, r: number) => 128 * N * r * 2

/** `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string, cost = params): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, { ...cost, maxmem: maxmem(cost.N, cost.r) }, keyLength)
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const N = Number(n)
  const R = Number(r)
  const P = Number(p)
  if (![N, R, P].every((x) => Number.isInteger(x) && x > 0)) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    { N, r: R, p: P, maxmem: maxmem(N, R) },
    expected.length,
  )
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
