import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** Netlify's build hook, faked on 127.0.0.1: it answers 200 and counts the calls. */
export interface FakeBuildHook {
  url: string
  calls: () => number
  reset: () => void
  close: () => Promise<void>
}

export async function startFakeBuildHook(): Promise<FakeBuildHook> {
  let calls = 0
  const server = http.createServer((_req, res) => {
    calls += 1
    res.writeHead(200).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/build_hooks/fake`,
    calls: () => calls,
    reset: () => {
      calls = 0
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
