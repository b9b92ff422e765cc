/**
 * `npm run fake:ai [-- --port=8787]`: the fake AI server for trying every AI feature offline
 * under `npm start`. Prints the environment lines to set; Ctrl-C stops it.
 */
import { startFakeAi } from './ai-server.ts'

const portArg = process.argv.find((a) => a.startsWith('--port='))
const port = portArg ? Number(portArg.slice('--port='.length)) : 8787

const fake = await startFakeAi({ port })
console.log(`Fake OpenAI/Perplexity server on ${fake.url} (127.0.0.1 only). Set these, then npm start:\n`)
console.log(`OPENAI_BASE_URL=${fake.url}`)
console.log('OPENAI_API_KEY=fake-openai-key')
console.log(`PERPLEXITY_BASE_URL=${fake.url}`)
console.log('PERPLEXITY_API_KEY=fake-perplexity-key')
console.log(
  `\nTo try a failure, queue it: curl -X POST http://127.0.0.1:${fake.port}/__fake/queue ` +
    `-d '{"endpoint":"responses","behaviors":[{"kind":"status","status":429,"retryAfter":"1"}]}'`,
)
const stop = async () => {
  await fake.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
