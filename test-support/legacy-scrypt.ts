import { randomBytes, scrypt } from 'node:crypto'

/** A hash as the code before decision 0207 wrote it (`scrypt$N$r$p$salt$hash`): the upgrade path's tests. */
export function legacyScryptHash(password: string, N = 2 ** 17): Promise<string> {
  const salt = randomBytes(16)
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, 64, { N, r: 8, p: 1, maxmem: 128 * N * 8 * 2 }, (error, key) =>
      error
        ? reject(error)
        : resolve(['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$')),
    )
  })
}
