import net from 'node:net'
import type { PGlite } from '@electric-sql/pglite'

/**
 * A Postgres wire-protocol server over one PGlite, for many clients at once.
 *
 * Why not PGLiteSocketServer's multiplexer: it queues single protocol messages, so the
 * Parse/Bind/Execute of two clients interleave on PGlite's one session and unnamed statements
 * clobber each other (SQLSTATE 26000 under concurrent postgres.js queries). Here a client's
 * messages are collected up to the Sync (or a simple Query) and run as one unit, and while a
 * client has a transaction open only that client's units run
 * (docs/decisions/0002-embedded-database.md).
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

  constructor(private readonly db: PGlite) {}

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
      void this.drain()
    })
  }

  private async drain(): Promise<void> {
    if (this.running) return
    this.running = true
    try {
      for (;;) {
        const index = this.owner ? this.queue.findIndex((q) => q.conn === this.owner) : 0
        if (index < 0 || this.queue.length === 0) break
        clearTimeout(this.ownerTimer)
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
  }

  /** A client that went away mid-transaction must not leave its transaction open for everyone. */
  private async dropConnection(conn: Connection): Promise<void> {
    this.queue = this.queue.filter((q) => {
      if (q.conn !== conn) return true
      q.done()
      return false
    })
    if (this.owner === conn) {
      if (this.db.isInTransaction()) await this.db.runExclusive(() => this.db.exec('ROLLBACK'))
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
const containsErrorResponse = (data: Uint8Array) => messageTypes(data).includes('E')

const SSL_REQUEST = 80877103
const GSSENC_REQUEST = 80877104
const CANCEL_REQUEST = 80877102

class Connection {
  closed = false
  private buffer = Buffer.alloc(0)
  private pending: Buffer[] = []
  private started = false
  private chain: Promise<void> = Promise.resolve()

  constructor(
    readonly socket: net.Socket,
    private readonly server: PGliteWireServer,
  ) {
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => this.onData(chunk))
    socket.on('error', () => socket.destroy())
    socket.once('close', () => {
      this.closed = true
    })
  }

  write(data: Uint8Array): void {
    if (!this.closed && data.length > 0) this.socket.write(Buffer.from(data))
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk])
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) return
        const length = this.buffer.readInt32BE(0)
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
        this.started = true
        this.enqueue(Buffer.from(message))
        continue
      }
      if (this.buffer.length < 5) return
      const length = this.buffer.readInt32BE(1) + 1
      if (this.buffer.length < length) return
      const type = String.fromCharCode(this.buffer[0]!)
      const message = Buffer.from(this.buffer.subarray(0, length))
      this.buffer = this.buffer.subarray(length)
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
