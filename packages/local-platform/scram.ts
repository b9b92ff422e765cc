import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * The server's side of SCRAM-SHA-256 (RFC 5802, RFC 7677), the password exchange PostgreSQL uses and
 * postgres.js speaks: the password never crosses the socket, and the client checks the server's
 * signature too, so a process that took the port while the database was down learns nothing it
 * could replay (docs/decisions/0216-embedded-database-password.md).
 */
export const SCRAM_MECHANISM = 'SCRAM-SHA-256'
/** PostgreSQL's own default (scram_iterations). */
const ITERATIONS = 4096

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest()
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest()

/** What the server keeps of the password: PostgreSQL's stored form, computed once per server. */
export interface ScramSecret {
  salt: Buffer
  iterations: number
  storedKey: Buffer
  serverKey: Buffer
}

export function scramSecret(password: string, salt = randomBytes(16)): ScramSecret {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, ITERATIONS, 32, 'sha256')
  return {
    salt,
    iterations: ITERATIONS,
    storedKey: sha256(hmac(salted, 'Client Key')),
    serverKey: hmac(salted, 'Server Key'),
  }
}

function attributes(message: string): Map<string, string> {
  const map = new Map<string, string>()
  for (const part of message.split(',')) {
    if (part.length >= 2 && part[1] === '=') map.set(part[0]!, part.slice(2))
  }
  return map
}

/**
 * One exchange: `first` takes the client-first-message and answers the server-first-message;
 * `final` takes the client-final-message and answers the server-final-message, or undefined when
 * the proof is wrong (or the messages are malformed).
 */
export class ScramExchange {
  private clientFirstBare = ''
  private serverFirst = ''
  private nonce = ''
  private gs2Header = ''

  private readonly secret: ScramSecret

  constructor(secret: ScramSecret) {
    this.secret = secret
  }

  first(clientFirst: string): string | undefined {
    // gs2-header: 'n,,' (no channel binding) or 'y,,' (client could, thinks the server cannot).
    const match = /^([ny]),[^,]*,(.*)$/.exec(clientFirst)
    if (!match) return undefined
    this.gs2Header = clientFirst.slice(0, clientFirst.length - match[2]!.length)
    this.clientFirstBare = match[2]!
    const clientNonce = attributes(this.clientFirstBare).get('r')
    if (!clientNonce || !/^[\x21-\x2b\x2d-\x7e]+$/.test(clientNonce)) return undefined
    this.nonce = clientNonce + randomBytes(18).toString('base64')
    this.serverFirst = `r=${this.nonce},s=${this.secret.salt.toString('base64')},i=${this.secret.iterations}`
    return this.serverFirst
  }

  final(clientFinal: string): string | undefined {
    if (!this.serverFirst) return undefined
    const proofAt = clientFinal.lastIndexOf(',p=')
    if (proofAt < 0) return undefined
    const withoutProof = clientFinal.slice(0, proofAt)
    const fields = attributes(withoutProof)
    if (fields.get('r') !== this.nonce) return undefined
    if (fields.get('c') !== Buffer.from(this.gs2Header).toString('base64')) return undefined
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), 'base64')
    if (proof.length !== 32) return undefined
    const authMessage = `${this.clientFirstBare},${this.serverFirst},${withoutProof}`
    const signature = hmac(this.secret.storedKey, authMessage)
    const clientKey = Buffer.alloc(32)
    for (let i = 0; i < 32; i++) clientKey[i] = proof[i]! ^ signature[i]!
    if (!timingSafeEqual(sha256(clientKey), this.secret.storedKey)) return undefined
    return `v=${hmac(this.secret.serverKey, authMessage).toString('base64')}`
  }
}
