// A stand-in for the AWS Lambda runtime that Netlify runs a function bundle on, for
// tests/deploy/artifact.test.ts and the cold-start burst of `npm run bench:load`.
// Plain JavaScript run by plain `node` with its working directory in the unzipped bundle, so
// nothing of the project (sources, node_modules) is reachable: the bundle must carry all it needs.
//
// Usage: node lambda-harness.mjs <bundle dir> [--instances=N]   (prints `listening <port>` once ready)
// Each HTTP request becomes one Lambda invocation event in the shape Netlify's bootstrap reads
// (rawUrl, httpMethod, headers, base64 body, blobs context), and the streamed answer goes back.
// With --instances=N, request k goes to instance k % N, each a separate copy of the function
// module (its own env module, its own database pool) as N cold Lambda instances would have.
import { readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pathToFileURL } from 'node:url'

const bundleDir = path.resolve(process.argv[2] ?? '.')

/** What Lambda's Node runtime provides to a streaming handler. */
globalThis.awslambda = {
  streamifyResponse: (handler) => handler,
  HttpResponseStream: {
    from(stream, metadata) {
      stream.metadata = metadata
      return stream
    },
  },
}

class ResponseStream extends Writable {
  chunks = []
  metadata = undefined
  _write(chunk, _encoding, callback) {
    this.chunks.push(Buffer.from(chunk))
    callback()
  }
}

const instanceCount = Number(process.argv.find((a) => a.startsWith('--instances='))?.slice(12) ?? 1)
const entry = path.join(bundleDir, '___netlify-entry-point.mjs')
let handlers
if (instanceCount === 1) {
  handlers = [(await import(pathToFileURL(entry).href)).handler]
} else {
  // The entry point is `bootstrap.getLambdaHandler('./netlify/functions/<name>.mjs')`; a query
  // string makes each instance import its own copy of the function module.
  const functionPath = /getLambdaHandler\('([^']+)'\)/.exec(readFileSync(entry, 'utf8'))?.[1]
  if (!functionPath) throw new Error(`no function path in ${entry}`)
  const bootstrap = await import(pathToFileURL(path.join(bundleDir, '___netlify-bootstrap.mjs')).href)
  handlers = Array.from({ length: instanceCount }, (_, i) =>
    bootstrap.getLambdaHandler(`${functionPath}?instance=${i}`),
  )
}

/** Netlify gives the function a Blobs context per invocation; here it comes from HARNESS_BLOBS. */
const blobs = process.env.HARNESS_BLOBS_URL
  ? Buffer.from(
      JSON.stringify({
        url: process.env.HARNESS_BLOBS_URL,
        url_uncached: process.env.HARNESS_BLOBS_URL,
        token: process.env.HARNESS_BLOBS_TOKEN,
      }),
    ).toString('base64')
  : undefined
let invocation = 0

const server = http.createServer(async (req, res) => {
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  const headers = {}
  for (const [name, value] of Object.entries(req.headers))
    headers[name] = Array.isArray(value) ? value.join(', ') : value
  headers['x-nf-site-id'] ??= process.env.HARNESS_SITE_ID
  headers['x-nf-deploy-id'] ??= 'harness-deploy'
  headers['x-nf-client-connection-ip'] ??= req.socket.remoteAddress ?? '127.0.0.1'
  const event = {
    rawUrl: `${process.env.URL ?? 'http://localhost'}${req.url}`,
    httpMethod: req.method,
    headers,
    body: Buffer.concat(chunks).toString('base64'),
    isBase64Encoded: true,
    blobs,
    flags: {},
  }
  const stream = new ResponseStream()
  const finished = new Promise((resolve) => stream.on('finish', resolve))
  try {
    invocation += 1
    await handlers[(invocation - 1) % handlers.length](event, stream, {
      awsRequestId: `harness-${process.pid}-${invocation}`,
      getRemainingTimeInMillis: () => 60_000,
    })
    await finished
    const { statusCode = 200, multiValueHeaders = {}, headers: single = {} } = stream.metadata ?? {}
    res.writeHead(statusCode, { ...single, ...multiValueHeaders })
    res.end(Buffer.concat(stream.chunks))
  } catch (error) {
    // Lambda reports an uncaught error as a failed invocation; Netlify answers 500.
    console.error('[harness] invocation failed:', error)
    res.writeHead(502, { 'content-type': 'text/plain' })
    res.end(`invocation failed: ${error instanceof Error ? error.message : String(error)}`)
  }
})

server.listen(0, '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`)
})
