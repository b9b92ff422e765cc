import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'

/**
 * A fake mail server on 127.0.0.1 (never the internet), built on smtp-server, that keeps what it
 * receives, read with mailparser: subject, headers, HTML and text. By default it takes every
 * message, and refuses for good (550 5.1.1) any recipient whose address starts with 'bounce', so a
 * bounce can be tried by hand too. Tests set other answers: a recipient refused, a message refused,
 * the server answering 421 or not at all, or not there (`stop()`, then `start()` on the same port).
 * `npm run fake:smtp` runs it by hand (fakes/run-fake-smtp.ts); the end-to-end sites run one
 * each, writing what it receives into a folder their tests read (tests/helpers/e2e-mail.ts).
 */
export interface ReceivedMail {
  /** The envelope's recipient (one per message, as the site sends). */
  to: string
  from: string
  subject: string
  /** Header names in lower case, values unfolded. */
  headers: Record<string, string>
  html: string
  text: string
  receivedAt: string
}

export type SmtpBehavior =
  /** Answer RCPT TO with this code (550: the address does not exist; 450: try later). */
  | { kind: 'rcpt'; code: number; message: string }
  /** Take the message, then answer the end of DATA with this code. */
  | { kind: 'data'; code: number; message: string }
  /** Take the message and never answer (the sender times out not knowing whether it arrived). */
  | { kind: 'hang' }
  /** Take the message after `ms`. */
  | { kind: 'slow'; ms: number }

export interface FakeSmtp {
  /** smtp://127.0.0.1:<port>, the SMTP_URL to give the site. */
  url: string
  port: number
  /** Every message the server took, in order. */
  messages: ReceivedMail[]
  /** Recipients whose address matches get this answer (every time). */
  when(match: RegExp, behavior: SmtpBehavior): void
  /** The next messages get these answers, in order, whoever they are for; then the usual ones again. */
  queue(...behaviors: SmtpBehavior[]): void
  /** Every new connection is answered 421 (a server that is there but will not take mail now), or not. */
  busy(on: boolean): void
  /** Resolves once `count` messages have been taken. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
  reset(): void
  /** Stops listening (a connection is refused: the mail server away) until start(). */
  stop(): Promise<void>
  start(): Promise<void>
  close(): Promise<void>
}

const BOUNCE: SmtpBehavior = { kind: 'rcpt', code: 550, message: '5.1.1 No such user here' }

export interface FakeSmtpOptions {
  port?: number
  /** A folder to write each message into as JSON (`<n>.json`), for a process that reads them. */
  mailbox?: string
  /** Read each message with mailparser (on by default); off, only the envelope is kept (the benchmark). */
  parse?: boolean
  onMessage?: (mail: ReceivedMail) => void
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code })

export async function startFakeSmtp(options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = []
  const rules: { match: RegExp; behavior: SmtpBehavior }[] = [{ match: /^bounce/i, behavior: BOUNCE }]
  const queued: SmtpBehavior[] = []
  const waiters: { count: number; resolve: () => void }[] = []
  let isBusy = false
  let port = options.port ?? 0
  if (options.mailbox) mkdirSync(options.mailbox, { recursive: true })

  /** The answer this session's message gets: taken from the queue at its first recipient. */
  const behaviorOf = (session: SMTPServerSession & { behavior?: SmtpBehavior | null }, recipient?: string) => {
    if (session.behavior === undefined) {
      const rule = recipient ? rules.findLast((r) => r.match.test(recipient)) : undefined
      session.behavior = rule?.behavior ?? queued.shift() ?? null
    }
    return session.behavior
  }

  const receive = async (stream: SMTPServerDataStream, session: SMTPServerSession) => {
    const raw = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => resolve(Buffer.concat(chunks)))
      stream.on('error', reject)
    })
    const to = session.envelope.rcptTo.map((r) => r.address).join(', ')
    const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
    let mail: ReceivedMail = {
      to,
      from,
      subject: '',
      headers: {},
      html: '',
      text: '',
      receivedAt: new Date().toISOString(),
    }
    if (options.parse !== false) {
      const parsed = await simpleParser(raw)
      const headers: Record<string, string> = {}
      for (const { key, line } of parsed.headerLines)
        headers[key] = line
          .slice(line.indexOf(':') + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim()
      mail = { ...mail, subject: parsed.subject ?? '', headers, html: parsed.html || '', text: parsed.text ?? '' }
    }
    return mail
  }

  const keep = (mail: ReceivedMail) => {
    messages.push(mail)
    if (options.mailbox) {
      // Written aside, then renamed: a test reading the mailbox from another process never meets a
      // message half written (it read one once: 'Unterminated string in JSON').
      const file = path.join(options.mailbox, `${String(messages.length).padStart(6, '0')}.json`)
      writeFileSync(`${file}.part`, JSON.stringify(mail))
      renameSync(`${file}.part`, file)
    }
    options.onMessage?.(mail)
    for (const waiter of waiters.filter((w) => messages.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve()
    }
  }

  const server = new SMTPServer({
    // No STARTTLS (its built-in certificate is a published test one) and any login accepted: a catcher.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'user' }),
    onConnect: (_session, callback) => callback(isBusy ? smtpError(421, '4.3.2 Busy, try again later') : null),
    onRcptTo: (address, session, callback) => {
      const behavior = behaviorOf(session, address.address)
      if (behavior?.kind === 'rcpt') return callback(smtpError(behavior.code, behavior.message))
      callback()
    },
    onData: (stream, session, callback) => {
      const behavior = behaviorOf(session)
      receive(stream, session).then(
        (mail) => {
          if (behavior?.kind === 'data') return callback(smtpError(behavior.code, behavior.message))
          if (behavior?.kind === 'hang') return keep(mail) // taken, never answered
          const accept = () => {
            keep(mail)
            callback(null, 'Message queued')
          }
          if (behavior?.kind === 'slow') setTimeout(accept, behavior.ms)
          else accept()
        },
        (error: Error) => callback(error),
      )
    },
  })
  // A sender killed mid-message (a test kills one on purpose) resets its connection; smtp-server
  // re-emits that on the server, and an 'error' event nobody listens to would end the process.
  server.on('error', () => {})
  // A session's behavior is decided per message: reset it when the next message starts (RSET, MAIL FROM).
  const baseMailFrom = server.onMailFrom.bind(server)
  server.onMailFrom = (address, session, callback) => {
    delete (session as { behavior?: unknown }).behavior
    baseMailFrom(address, session, callback)
  }

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.server.once('error', reject)
      server.server.listen(port, '127.0.0.1', () => {
        server.server.off('error', reject)
        port = (server.server.address() as { port: number }).port
        resolve()
      })
    })
  await listen()

  const fake: FakeSmtp = {
    get url() {
      return `smtp://127.0.0.1:${port}`
    },
    get port() {
      return port
    },
    messages,
    when: (match, behavior) => void rules.push({ match, behavior }),
    queue: (...behaviors) => void queued.push(...behaviors),
    busy: (on) => {
      isBusy = on
    },
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        if (messages.length >= count) return resolve(messages)
        const timer = setTimeout(
          () =>
            reject(new Error(`The fake SMTP server got ${messages.length} of ${count} messages in ${timeoutMs} ms`)),
          timeoutMs,
        )
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer)
            resolve(messages)
          },
        })
      }),
    reset: () => {
      messages.length = 0
      rules.splice(1)
      queued.length = 0
      isBusy = false
    },
    stop: async () => {
      for (const connection of server.connections) connection.close()
      await new Promise<void>((resolve) => server.server.close(() => resolve()))
    },
    start: listen,
    close: async () => {
      if (server.server.listening) await fake.stop()
      else for (const connection of server.connections) connection.close()
    },
  }
  return fake
}
