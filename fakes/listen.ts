import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Starts a fake on 127.0.0.1 (port 0: one the system picks) and answers its port. An idle kept-alive
 * connection stays open 65 s, as the local runtime's does (packages/local-platform/local-runtime.ts),
 * not Node's 5 s: a test that called the fake again a few seconds later, on the connection its
 * request context kept, could meet the server's close under its request (ECONNRESET, seen in the
 * browser tests on a busy machine).
 */
export async function listenLocal(server: Server, port = 0): Promise<number> {
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}
