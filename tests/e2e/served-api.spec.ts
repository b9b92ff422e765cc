import http from 'node:http'
import { expect, test } from '@playwright/test'

/**
 * The API and the site as `npm start` serves them (not `app.request`): unknown ids and paths, and
 * requests meant to break the server. Each answer is checked for what a visitor would see.
 */

const noStackTrace = (text: string) => {
  expect(text).not.toMatch(/\n\s+at\s|node_modules|\/work\/|[A-Z]:\\|Error:/)
}

test.describe('unknown things through the served site', () => {
  for (const [resource, message] of [
    ['games', 'Game not found'],
    ['accessories', 'Hardware item not found'],
    ['news', 'Article not found'],
    ['reviews', 'Review not found'],
    ['streams', 'Stream not found'],
    ['championships', 'Championship entry not found'],
  ] as const) {
    test(`an unknown ${resource} id answers 404 with its message`, async ({ request }) => {
      const res = await request.get(`/api/${resource}/987654`)
      expect(res.status()).toBe(404)
      expect(res.headers()['content-type']).toContain('application/json')
      expect(await res.json()).toEqual({ message })
    })
  }

  test('an unknown /api path answers 404 JSON', async ({ request }) => {
    for (const path of ['/api/nope', '/api/games/1/nope', '/api/news/1/comments']) {
      const res = await request.get(path)
      expect(res.status(), path).toBe(404)
      expect(await res.json(), path).toEqual({ message: 'Not found' })
    }
  })

  test('unknown admin paths answer 401 without a session, as known ones do (no enumeration)', async ({ request }) => {
    for (const path of ['/api/admin/nope', '/api/admin/games/1/secret', '/api/admin/audit-log']) {
      const res = await request.get(path)
      expect(res.status(), path).toBe(401)
      expect(await res.json(), path).toEqual({ message: 'Please log in as the administrator.' })
    }
  })
})

/** A raw HTTP/1.1 request, so nothing rewrites the path or refuses a body the way fetch would. */
function raw(
  baseURL: string,
  opts: { method: string; path: string; headers?: Record<string, string | number>; body?: Buffer | string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(baseURL)
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: opts.method, path: opts.path, headers: opts.headers },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }))
      },
    )
    req.on('error', reject)
    req.end(opts.body)
  })
}

test.describe('requests that must not stop the site', () => {
  test('a malformed URL, a 50 MB body and a GET with a body are answered, and the site goes on serving', async ({
    baseURL,
    request,
  }) => {
    const stillServing = async () => {
      const res = await request.get('/api/games')
      expect(res.status()).toBe(200)
      expect((await res.json()).length).toBeGreaterThan(0)
      expect((await request.get('/')).status()).toBe(200)
    }

    const malformed = await raw(baseURL!, { method: 'GET', path: '/%E0%A4%A' })
    expect(malformed.status).toBe(400)
    noStackTrace(malformed.text)
    await stillServing()

    const malformedApi = await raw(baseURL!, { method: 'GET', path: '/api/news/%E0%A4%A' })
    expect(malformedApi.status).toBe(400)
    expect(JSON.parse(malformedApi.text)).toEqual({ message: expect.any(String) })
    noStackTrace(malformedApi.text)
    await stillServing()

    const big = Buffer.alloc(50 * 1024 * 1024, 0x20)
    const tooLarge = await raw(baseURL!, {
      method: 'PUT',
      path: '/api/games/1',
      headers: { 'content-type': 'application/json', 'content-length': big.length },
      body: big,
    })
    expect(tooLarge.status).toBe(413)
    expect(JSON.parse(tooLarge.text)).toEqual({ message: 'The request is too large.' })
    await stillServing()

    const body = '{"search":"x"}'
    const getWithBody = await raw(baseURL!, {
      method: 'GET',
      path: '/api/news?limit=2',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      body,
    })
    expect(getWithBody.status).toBe(200)
    expect(JSON.parse(getWithBody.text)).toHaveLength(2)
    noStackTrace(getWithBody.text)
    await stillServing()

    const eventFunction = await raw(baseURL!, { method: 'POST', path: '/.netlify/functions/deploy-events' })
    expect(eventFunction.status).toBe(404)
    noStackTrace(eventFunction.text)
    await stillServing()
  })
})
