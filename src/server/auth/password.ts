import { scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2'

/**
 * Argon2id at OWASP's first-choice parameters (m=19 MiB, t=2, p=1; docs/decisions/0207), through
 * @node-rs/argon2's prebuilt native binding: the same protection OWASP gives scrypt at N=2^17, in
 * tens of milliseconds instead of most of a second. The parameters are stored in the hash (PHC
 * format), so they can be raised later without breaking existing hashes.
 */
export interface PasswordCost {
  /** KiB of memory per hash. */
  memoryCost: number
  timeCost: number
  parallelism: number
}

export const passwordCost: PasswordCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }
/**
 * Recovery codes are 60 random bits, not chosen by a person: a far lighter cost (4 MiB, one pass)
 * already puts them out of reach, and a login with one checks up to ten hashes.
 */
export const recoveryCodeCost: PasswordCost = { memoryCost: 4_096, timeCost: 1, parallelism: 1 }

/** Argon2id's algorithm number in @node-rs/argon2 (its `Algorithm` is a const enum, invisible to esbuild). */
const ARGON2ID = 2

/** `$argon2id$v=19$m=...,t=...,p=...$salt$hash`. */
export function hashPassword(password: string, cost: PasswordCost = passwordCost): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), { algorithm: ARGON2ID, ...cost })
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2id$')) {
    try {
      return await argon2Verify(stored, password.normalize('NFKC'))
    } catch {
      return false // a malformed stored hash
    }
  }
  return verifyScrypt(password, stored)
}

/**
 * Whether a hash that just verified should be replaced at this login: the scrypt hashes of before
 * (decision 0207), and any Argon2id hash below today's parameters.
 */
export function needsRehash(stored: string, cost: PasswordCost = passwordCost): boolean {
  const params = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored)
  if (!params) return true
  const [m, t, p] = params.slice(1).map(Number) as [number, number, number]
  return m < cost.memoryCost || t < cost.timeCost || p < cost.parallelism
}

/**
 * The hashes written before Argon2id: `scrypt$N$r$p$salt$hash` (base64url parts), N=2^17 for the
 * password and 2^12 for recovery codes. They still verify; a password is rehashed at its next login.
 */
function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return Promise.resolve(false)
  const [N, R, P] = [Number(n), Number(r), Number(p)]
  if (![N, R, P].every((x) => Number.isInteger(x) && x > 0) || N > 2 ** 20) return Promise.resolve(false)
  const expected = Buffer.from(hash, 'base64url')
  const options: ScryptOptions = { N, r: R, p: P, maxmem: 128 * N * R * 2 }
  return new Promise((resolve) => {
    scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, options, (error, key) =>
      resolve(!error && key.length === expected.length && timingSafeEqual(key, expected)),
    )
  })
}
