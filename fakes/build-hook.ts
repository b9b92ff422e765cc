import http from 'node:http'
import { listenLocal } from './listen.ts'

/** Netlify's build hook, faked on 127.0.0.1: it answers 200 and counts the calls. */
export interface FakeBuildHook {
  url: string
  calls: () => number
  /**
   * From now on the calls are received (and counted: Netlify has the build) but not answered until
   * `reset` or `close`: a caller's timeout runs out after delivery.
   */
  holdAnswers: () => void
  reset: () => void
  close: () => Promise<void>
}

export async function startFakeBuildHook(): Promise<FakeBuildHook> {
  let calls = 0
  let holding = false
  const held: http.ServerResponse[] = []
  const answer = (res: http.ServerResponse) => {
    if (!res.writableEnded && !res.destroyed) res.writeHead(200).end('{}')
  }
  const release = () => {
    for (const res of held.splice(0)) answer(res)
  }
  const server = http.createServer((_req, res) => {
    calls += 1
    if (holding) held.push(res)
    else answer(res)
  })
  const port = await listenLocal(server)
  return {
    url: `http://127.0.0.1:${port}/build_hooks/fake`,
    calls: () => calls,
    holdAnswers: () => {
      holding = true
    },
    reset: () => {
      calls = 0
      holding = false
      release()
    },
    close: () => {
      release()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
