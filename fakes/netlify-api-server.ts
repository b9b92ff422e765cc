import http from 'node:http'
import { listenLocal } from './listen.ts'

/** What the fake answers to one purge: a status (and Retry-After), or no answer at all. */
export type PurgeAnswer = { status: number; retryAfter?: number } | 'hang'

export interface FakeNetlifyApi {
  /** The API's base address (`apiUrl` of the purge client). */
  url: string
  /** Every purge body received, in order: `cache_tags` undefined for a purge of the whole site. */
  purges: { site_id: string; cache_tags?: string[]; authorization: string | undefined }[]
  /** Answers for the next purges, first in first out; 202 once they are used up. */
  answers: PurgeAnswer[]
  close: () => Promise<void>
}

/** Netlify's purge API (`POST /api/v1/purge`), faked on 127.0.0.1 for the purger's tests. */
export async function startFakeNetlifyApi(): Promise<FakeNetlifyApi> {
  const fake: Omit<FakeNetlifyApi, 'url' | 'close'> = { purges: [], answers: [] }
  const hanging = new Set<http.ServerResponse>()
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (d: Buffer) => (body += d.toString()))
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/api/v1/purge') return res.writeHead(404).end()
      fake.purges.push({ ...(JSON.parse(body) as { site_id: string }), authorization: req.headers.authorization })
      const answer = fake.answers.shift() ?? { status: 202 }
      if (answer === 'hang') return void hanging.add(res)
      res.writeHead(answer.status, answer.retryAfter ? { 'retry-after': String(answer.retryAfter) } : {}).end()
    })
  })
  const port = await listenLocal(server)
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const res of hanging) res.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  })
}
