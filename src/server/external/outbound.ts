/**
 * One request to an address the owner gave (a webhook, a Discord webhook, a Bluesky or Mastodon
 * server, IndexNow): held to the rules of ./public-address.ts when connecting, never following a
 * redirect (a receiver that moves is answered as failed: following it could lead anywhere), within
 * one deadline, reading at most 64 KB of the answer. What went wrong is said without the address's
 * path or query, which may hold a credential (a Discord webhook's token is in its path).
 */
import http from 'node:http'
import https from 'node:https'
import { checkableUrl, checkedLookup, type AddressRules } from './public-address.ts'

export interface OutboundRequest {
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string | Uint8Array
  timeoutMs: number
  rules: AddressRules
}

export interface OutboundAnswer {
  status: number
  /** Header names in lower case. */
  headers: Record<string, string>
  /** The answer's first 64 KB as text. */
  text: string
}

/** Why no answer came: refused before connecting, no answer in time, or the connection failed. */
export class OutboundError extends Error {
  constructor(
    readonly kind: 'refused' | 'timeout' | 'network',
    message: string,
  ) {
    super(message)
  }
}

const MAX_ANSWER_BYTES = 64 * 1024

/** The address as the owner may see it in a failure: scheme and host, nothing of the path. */
export const hostOf = (url: string): string => {
  try {
    return new URL(url).host
  } catch {
    return 'the address'
  }
}

export async function sendOutbound(request: OutboundRequest): Promise<OutboundAnswer> {
  const url = checkableUrl(request.url, request.rules)
  if (typeof url === 'string') throw new OutboundError('refused', url)
  const signal = AbortSignal.timeout(request.timeoutMs)
  const client = url.protocol === 'https:' ? https : http
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: request.method ?? 'POST',
        signal,
        lookup: checkedLookup(request.rules),
        headers: {
          'user-agent': 'SimRacingHub/1.0 (+announcements of the site owner)',
          ...request.headers,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        const done = () => {
          const headers: Record<string, string> = {}
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
          }
          resolve({
            status: response.statusCode ?? 0,
            headers,
            text: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8'),
          })
        }
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          size += chunk.length
          // Enough read: what matters is at its start; the rest is not waited for.
          if (size >= MAX_ANSWER_BYTES) {
            response.destroy()
            done()
          }
        })
        response.on('end', done)
        response.on('error', () => done())
      },
    )
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (signal.aborted) {
        reject(new OutboundError('timeout', `${url.host} did not answer within ${request.timeoutMs / 1000} s.`))
      } else if (error.code === 'EADDRNOTPUBLIC') {
        reject(new OutboundError('refused', `${url.hostname} is not on the public internet.`))
      } else {
        reject(new OutboundError('network', `${url.host} could not be reached (${error.code ?? 'connection failed'}).`))
      }
    })
    outgoing.end(body)
  })
}
