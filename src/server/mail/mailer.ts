import nodemailer from 'nodemailer'
import type { MailConfig } from './mail-config.ts'

/**
 * Sending through the site's SMTP server (nodemailer): one message per recipient (each carries its
 * own unsubscribe address), over a pool of connections for a digest, or one connection for a
 * confirmation or a test. What the server answered decides what becomes of the address
 * (docs/decisions/0802).
 */
export interface OutgoingMessage {
  to: string
  subject: string
  html: string
  text: string
  headers: Record<string, string>
}

export type SendOutcome =
  /** The server took the message (250 after DATA). */
  | { kind: 'sent' }
  /** The server refused the recipient for good (5xx to RCPT TO): the address is marked bounced. */
  | { kind: 'bounced'; reason: string }
  /** The server refused this message for good (5xx after DATA): it failed, the address stays. */
  | { kind: 'rejected'; reason: string }
  /** Not now (a 4xx, or the server could not be reached): nothing was taken, so it is sent again later. */
  | { kind: 'retry'; reason: string }
  /**
   * The connection broke or timed out with the message under way, without an answer: the server may
   * have taken it. The recipient stays claimed and the owner decides (never sent again on its own).
   */
  | { kind: 'unknown'; reason: string }
  /** Refused for every message (authentication, the sender address): no use going on until the owner fixes it. */
  | { kind: 'broken'; reason: string }

interface SmtpError {
  code?: string
  originalCode?: string
  timeoutType?: string
  responseCode?: number
  command?: string
  response?: string
  message?: string
}

/** The server was never reached, or never greeted: no message can have been taken. */
const notReached = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EDNS', 'ETLS'])

/** What an error of nodemailer's means for the address and the digest. */
export function outcomeOf(error: unknown): Exclude<SendOutcome, { kind: 'sent' }> {
  const e = (error ?? {}) as SmtpError
  const reason = (e.response ?? e.message ?? String(error)).replace(/\s+/g, ' ').trim().slice(0, 300)
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH' || e.code === 'ECONFIG') return { kind: 'broken', reason }
  if (code !== undefined && code >= 500 && code < 600) {
    if (e.command === 'RCPT TO') return { kind: 'bounced', reason }
    if (e.command === 'DATA') return { kind: 'rejected', reason }
    // MAIL FROM, AUTH, EHLO: the sender or the account, for every message alike.
    return { kind: 'broken', reason }
  }
  if (code !== undefined && code >= 400) return { kind: 'retry', reason }
  if (
    notReached.has(e.originalCode ?? '') ||
    notReached.has(e.code ?? '') ||
    e.timeoutType === 'CONNECT_TIMEOUT' ||
    e.timeoutType === 'GREETING_TIMEOUT' ||
    e.timeoutType === 'UPGRADE_TIMEOUT'
  )
    return { kind: 'retry', reason }
  return { kind: 'unknown', reason }
}

export interface Mailer {
  send(message: OutgoingMessage): Promise<SendOutcome>
  close(): void
}

/** `timeoutMs`: shorter than the mail config's where someone waits for the answer (a sign-up). */
export function openMailer(mail: MailConfig, options: { pool: boolean; timeoutMs?: number }): Mailer {
  const timeout = Math.min(mail.timeoutMs, options.timeoutMs ?? mail.timeoutMs)
  const transport = nodemailer.createTransport({
    url: mail.smtpUrl,
    pool: options.pool,
    maxConnections: mail.maxConnections,
    // A connection is replaced after this many messages (nodemailer's default, 100).
    maxMessages: 100,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
    // The pool must not send a message again by itself when its connection drops mid-send: the
    // server may have taken it. Our caller decides (a claimed recipient is never sent twice).
    maxRequeues: 0,
    disableFileAccess: true,
    disableUrlAccess: true,
  } as Parameters<typeof nodemailer.createTransport>[0])
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from: mail.from, ...message })
        // One recipient per message: taken, or refused (a refusal of the only recipient throws).
        if (info.rejected.length > 0) return outcomeOf(info.rejectedErrors?.[0] ?? new Error('Recipient refused'))
        return { kind: 'sent' }
      } catch (error) {
        return outcomeOf(error)
      }
    },
    close: () => transport.close(),
  }
}
