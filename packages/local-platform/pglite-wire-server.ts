import net from 'node:net'
import type { PGlite } from '@electric-sql/pglite'
import { SCRAM_MECHANISM, ScramExchange, scramSecret, type ScramSecret } from './scram.ts'

export interface WireServerOptions {
  /**
   * A client holding a transaction that sends nothing for this long while another client waits is
   * disconnected and its transaction rolled back: PGlite runs one transaction at a time, so an idle
   * one stalls every other process (decision 0216). Default 3 s.
   */
  idleInTransactionWhileOthersWaitMs?: number
  /** The same, when nobody waits. Default 30 s. */
  idleInTransactionMs?: number
  /** A connection that has not logged in by then is closed. Default 10 s. */
  loginTimeoutMs?: number
}

/**
 * A Postgres wire-protocol server over one PGlite, for many clients at once.
 *
 * Why not PGLiteSocketServer's multiplexer: it queues single protocol messages, so the
 * Parse/Bind/Execute of two clients interleave on PGlite's one session and unnamed statements
 * clobber each other (SQLSTATE 26000 under concurrent postgres.js queries). Here a client's
 * messages are collected up to the Sync (or a simple Query) and run as one unit, and while a
 * client has a transaction open only that client's units run
 * (docs/decisions/0002-embedded-database.md). A client gets in only with the server's password
 * (SCRAM-SHA-256), and one that sits idle in a transaction is disconnected (decision 0216).
 */
export class PGliteWireServer {
  private server?: net.Server
  private queue: { conn: Connection; batch: Buffer; done: () => void }[] = []
  /** The client whose turn it is: it holds a transaction, or it described an unnamed statement it is about to bind. */
  private owner: Connection | null = null
  /** A describe that is never followed by its bind must not hold everyone else up. */
  private ownerTimer?: NodeJS.Timeout
  private running = false
  private connections = new Set<Connection>()
  /** Ends the owner's transaction when it has sat idle too long. */
  private idleTimer?: NodeJS.Timeout
  private idleSince = 0
  readonly secret: ScramSecret
  readonly loginTimeoutMs: number
  private readonly idleWhileOthersWaitMs: number
  private readonly idleMs: number

  private readonly db: PGlite

  constructor(db: PGlite, options: WireServerOptions & { password: string }) {
    this.db = db
    this.secret = scramSecret(options.password)
    this.loginTimeoutMs = options.loginTimeoutMs ?? 10_000
    this.idleWhileOthersWaitMs = options.idleInTransactionWhileOthersWaitMs ?? 3_000
    this.idleMs = options.idleInTransactionMs ?? 30_000
  }

  async listen(port: number, host = '127.0.0.1'): Promise<number> {
    this.server = net.createServer((socket) => {
      const conn = new Connection(socket, this)
      this.connections.add(conn)
      socket.once('close', () => {
        this.connections.delete(conn)
        void this.dropConnection(conn)
      })
    })
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject)
      this.server!.listen(port, host, () => resolve())
    })
    return (this.server.address() as net.AddressInfo).port
  }

  async close(): Promise<void> {
    for (const c of this.connections) c.socket.destroy()
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  /** Queues one unit of protocol messages; resolves when its answer has been written. */
  submit(conn: Connection, batch: Buffer): Promise<void> {
    return new Promise((done) => {
      this.queue.push({ conn, batch, done })
      // Someone now waits for an idle transaction: its shorter limit applies from its idle start.
      if (this.owner && conn !== this.owner) this.armIdleTimer()
      void this.drain()
    })
  }

  /**
   * While the owner holds a transaction and sends nothing, it is given `idleMs`, or
   * `idleWhileOthersWaitMs` once another client waits; then its connection is ended as PostgreSQL's
   * idle_in_transaction_session_timeout ends one (FATAL 25P03), and the transaction rolled back.
   */
  private armIdleTimer(): void {
    clearTimeout(this.idleTimer)
    const owner = this.owner
    if (!owner || !this.db.isInTransaction() || this.queue.some((q) => q.conn === owner)) return
    const othersWait = this.queue.some((q) => q.conn !== owner)
    const limit = othersWait ? this.idleWhileOthersWaitMs : this.idleMs
    const left = Math.max(0, this.idleSince + limit - Date.now())
    this.idleTimer = setTimeout(() => {
      if (this.owner !== owner || !this.db.isInTransaction()) return
      owner.fail('25P03', 'terminating connection due to idle-in-transaction timeout')
    }, left)
  }

  private async drain(): Promise<void> {
    if (this.running) return
    this.running = true
    try {
      for (;;) {
        const index = this.owner ? this.queue.findIndex((q) => q.conn === this.owner) : 0
        if (index < 0 || this.queue.length === 0) break
        clearTimeout(this.ownerTimer)
        clearTimeout(this.idleTimer)
        const [item] = this.queue.splice(index, 1)
        if (!item) break
        if (!item.conn.closed) {
          let failed = false
          const answer: Uint8Array[] = []
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(new Uint8Array(item.batch), {
              onRawData: (data) => {
                failed ||= containsErrorResponse(data)
                answer.push(data.slice())
              },
            }),
          )
          // Answer only after PGlite has synced its files: an acknowledged commit survives a SIGKILL.
          for (const data of answer) item.conn.write(data)
          // postgres.js describes a statement (Parse/Describe/Sync) and binds it in the next unit:
          // nobody else may replace the session's unnamed statement in between.
          const describedOnly = !failed && hasType(item.batch, 'P') && !hasType(item.batch, 'E')
          this.owner = this.db.isInTransaction() || describedOnly ? item.conn : null
          if (this.owner && !this.db.isInTransaction()) {
            const described = this.owner
            this.ownerTimer = setTimeout(() => {
              if (this.owner === described && !this.db.isInTransaction()) {
                this.owner = null
                void this.drain()
              }
            }, 2_000)
          }
        }
        item.done()
      }
    } finally {
      this.running = false
    }
    this.idleSince = Date.now()
    this.armIdleTimer()
  }

  /** A client that went away mid-transaction must not leave its transaction open for everyone. */
  private async dropConnection(conn: Connection): Promise<void> {
    this.queue = this.queue.filter((q) => {
      if (q.conn !== conn) return true
      q.done()
      return false
    })
    if (this.owner === conn) {
      // exec takes PGlite's query lock itself: inside runExclusive (which holds it) it waited for
      // ever, and with it every client of the site.
      if (this.db.isInTransaction()) await this.db.exec('ROLLBACK')
      this.owner = null
      void this.drain()
    }
  }
}

/** Walks the messages of a protocol buffer (type byte, int32 length) and reports their types. */
function messageTypes(buffer: Uint8Array): string[] {
  const types: string[] = []
  const view = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength)
  let at = 0
  while (at + 5 <= view.length) {
    const length = view.readInt32BE(at + 1)
    if (length < 4) break
    types.push(String.fromCharCode(view[at]!))
    at += 1 + length
  }
  return types
}

const hasType = (batch: Buffer, type: string) => messageTypes(batch).includes(type)

/** A backend message: type byte, int32 length (itself included), body. */
function backendMessage(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5)
  head.write(type, 0, 'latin1')
  head.writeInt32BE(body.length + 4, 1)
  return Buffer.concat([head, body])
}

/** AuthenticationRequest: int32 code, then its data (SASL mechanisms, or a SCRAM message). */
function authentication(code: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(4)
  head.writeInt32BE(code)
  return backendMessage('R', Buffer.concat([head, data]))
}

const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8')

function errorResponse(severity: 'ERROR' | 'FATAL', code: string, text: string): Buffer {
  const fields = [`S${severity}`, `V${severity}`, `C${code}`, `M${text}`].map(cstring)
  return backendMessage('E', Buffer.concat([...fields, Buffer.from([0])]))
}

/** The `user` parameter of a StartupMessage (int32 length, int32 protocol, name/value pairs). */
function startupUser(startup: Buffer): string {
  const parts = startup.subarray(8).toString('utf8').split('\0')
  const at = parts.indexOf('user')
  return at >= 0 ? (parts[at + 1] ?? '') : ''
}
const containsErrorResponse = (data: Uint8Array) => messageTypes(data).includes('E')

const SSL_REQUEST = 80877103
const GSSENC_REQUEST = 80877104
const CANCEL_REQUEST = 80877102

class Connection {
  closed = false
  private buffer = Buffer.alloc(0)
  private pending: Buffer[] = []
  /** 'startup' until the StartupMessage, then the SCRAM exchange, then 'ready' (PGlite has the session). */
  private phase: 'startup' | 'sasl-initial' | 'sasl-final' | 'ready' = 'startup'
  private startup?: Buffer
  private exchange?: ScramExchange
  private chain: Promise<void> = Promise.resolve()
  private readonly loginTimer: NodeJS.Timeout

  readonly socket: net.Socket
  private readonly server: PGliteWireServer

  constructor(socket: net.Socket, server: PGliteWireServer) {
    this.socket = socket
    this.server = server
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => this.onData(chunk))
    socket.on('error', () => socket.destroy())
    socket.once('close', () => {
      this.closed = true
      clearTimeout(this.loginTimer)
    })
    this.loginTimer = setTimeout(() => {
      if (this.phase !== 'ready') this.fail('08P01', 'the client did not log in in time')
    }, server.loginTimeoutMs)
    this.loginTimer.unref()
  }

  write(data: Uint8Array): void {
    if (!this.closed && data.length > 0) this.socket.write(Buffer.from(data))
  }

  /** Ends the connection with a FATAL error the client reports (its transaction, if any, is rolled back). */
  fail(code: string, text: string): void {
    if (this.closed) return
    this.closed = true
    this.socket.end(errorResponse('FATAL', code, text))
    // A client that does not close its side must not keep the connection (and its transaction).
    setTimeout(() => this.socket.destroy(), 1000).unref()
  }

  /**
   * The password exchange, before PGlite sees anything of the client: SASLInitialResponse
   * (mechanism, then the client-first-message), then SASLResponse (the client-final-message).
   */
  private authenticate(type: string, body: Buffer): void {
    const refuse = () => this.fail('28P01', `password authentication failed for user "${startupUser(this.startup!)}"`)
    if (type !== 'p') return refuse()
    if (this.phase === 'sasl-initial') {
      const end = body.indexOf(0)
      if (end < 0 || body.toString('utf8', 0, end) !== SCRAM_MECHANISM || body.length < end + 5) return refuse()
      const length = body.readInt32BE(end + 1)
      const serverFirst = this.exchange!.first(body.toString('utf8', end + 5, end + 5 + Math.max(0, length)))
      if (!serverFirst) return refuse()
      this.phase = 'sasl-final'
      this.socket.write(authentication(11, Buffer.from(serverFirst)))
      return
    }
    const serverFinal = this.exchange!.final(body.toString('utf8'))
    if (!serverFinal) return refuse()
    this.phase = 'ready'
    clearTimeout(this.loginTimer)
    this.socket.write(authentication(12, Buffer.from(serverFinal)))
    // PGlite answers the start-up itself: AuthenticationOk, its parameters, ReadyForQuery.
    this.enqueue(this.startup!)
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk])
    for (;;) {
      if (this.closed) return
      if (this.phase === 'startup') {
        if (this.buffer.length < 8) return
        const length = this.buffer.readInt32BE(0)
        // A start-up is a few names and values; anything larger is not a Postgres client.
        if (length < 8 || length > 10_000) {
          this.socket.destroy()
          return
        }
        if (this.buffer.length < length) return
        const code = this.buffer.readInt32BE(4)
        const message = this.buffer.subarray(0, length)
        this.buffer = this.buffer.subarray(length)
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          this.socket.write('N')
          continue
        }
        if (code === CANCEL_REQUEST) {
          this.socket.end()
          return
        }
        this.startup = Buffer.from(message)
        this.exchange = new ScramExchange(this.server.secret)
        this.phase = 'sasl-initial'
        this.socket.write(authentication(10, Buffer.concat([cstring(SCRAM_MECHANISM), Buffer.from([0])])))
        continue
      }
      if (this.buffer.length < 5) return
      const length = this.buffer.readInt32BE(1) + 1
      // Before the login only the short SCRAM messages are expected: nobody makes us buffer more.
      if (this.phase !== 'ready' && (length < 5 || length > 10_000)) {
        this.socket.destroy()
        return
      }
      if (this.buffer.length < length) return
      const type = String.fromCharCode(this.buffer[0]!)
      const message = Buffer.from(this.buffer.subarray(0, length))
      this.buffer = this.buffer.subarray(length)
      if (this.phase !== 'ready') {
        this.authenticate(type, message.subarray(5))
        continue
      }
      if (type === 'X') {
        this.socket.end()
        return
      }
      this.pending.push(message)
      // A unit ends where the client waits for an answer: Sync, a simple Query, Flush, CopyDone/Fail.
      if (type === 'S' || type === 'Q' || type === 'H' || type === 'c' || type === 'f') {
        const batch = Buffer.concat(this.pending)
        this.pending = []
        this.enqueue(batch)
      }
    }
  }

  private enqueue(batch: Buffer): void {
    // Units of one connection keep their order.
    this.chain = this.chain.then(() => this.server.submit(this, batch))
  }
}
