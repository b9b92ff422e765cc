import http from 'node:http'
import { listenLocal } from './listen.ts'

/**
 * A fake shop on 127.0.0.1 for the purchase links (docs/decisions/0852, 0853): the end-to-end
 * site's 'Buy Now' lands on it, and the link check meets every way a shop can fail.
 *
 * - `/product/<name>`: a product page (200, HEAD and GET);
 * - `/missing`: 404;
 * - `/no-head`: HEAD refused (405), GET 200, as many shops do;
 * - `/moved`: 301 to `/product/moved` on the same host;
 * - `/elsewhere`: 302 to the same server under another host name (`localhost`): another host;
 * - `/loop`: redirects to itself forever;
 * - `/hang`: never answers;
 * - `/huge`: 200, then a body that never ends.
 */
export interface FakeShop {
  origin: string
  /** Requests received, in order: method and path. */
  requests: () => { method: string; path: string }[]
  /** The most requests that were open at the same time. */
  mostAtOnce: () => number
  close: () => Promise<void>
}

export async function startFakeShop(options: { port?: number } = {}): Promise<FakeShop> {
  const requests: { method: string; path: string }[] = []
  let open = 0
  let most = 0
  let port = 0
  const page = (res: http.ServerResponse, status: number, title: string) =>
    res
      .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><title>${title}</title><h1>${title}</h1>`)
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://shop.invalid').pathname
    requests.push({ method: req.method ?? 'GET', path })
    open += 1
    most = Math.max(most, open)
    res.on('close', () => (open -= 1))
    if (path.startsWith('/product/')) return page(res, 200, `Fake shop: ${decodeURIComponent(path.slice(9))}`)
    if (path === '/missing') return page(res, 404, 'Not found')
    if (path === '/no-head')
      return req.method === 'HEAD' ? page(res, 405, 'Method not allowed') : page(res, 200, 'No HEAD')
    if (path === '/moved') return res.writeHead(301, { location: '/product/moved' }).end()
    if (path === '/elsewhere')
      return res.writeHead(302, { location: `http://localhost:${port}/product/elsewhere` }).end()
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end()
    if (path === '/hang') return
    if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' })
      // A HEAD answer has no body (Node drops what is written, and says it was written at once).
      if (req.method === 'HEAD') return res.end()
      const chunk = Buffer.alloc(64 * 1024, 120)
      let sent = 0
      // Up to 1 GB, as fast as the reader takes it: never read, it stops at the socket's buffer.
      const pump = () => {
        while (!res.destroyed && sent < 1024 ** 3) {
          sent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      return pump()
    }
    page(res, 404, 'Not found')
  })
  port = await listenLocal(server, options.port ?? 0)
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: () => [...requests],
    mostAtOnce: () => most,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
