import path from 'node:path'
import { startLocalRuntime } from './scripts/lib/local-runtime.ts'
const rt = await startLocalRuntime({ siteDir: path.resolve('.data/site'), functionsDir: path.resolve('netlify/functions'), host: '127.0.0.1', port: 8877, siteUrl: 'http://localhost:8877' })
console.log('ready', rt.url, rt.functions.map((f) => f.name), process.env.NETLIFY_BLOBS_CONTEXT ? 'blobs ctx' : 'no blobs ctx')
