import { afterAll, inject } from 'vitest'
import { databaseForWorker } from './workers.ts'

// Runs before each test file imports the app, so the env module reads this file's database: the
// one of its worker slot, which no file running beside it uses.
process.env.DATABASE_URL = databaseForWorker(inject('databaseUrls'))
process.env.NODE_ENV = 'test'
// Tests never call a real provider: Jolpica-F1 is refused at once on 127.0.0.1 unless a test points
// it at its fake (tests/helpers/jolpica.ts).
process.env.JOLPICA_BASE_URL = 'http://127.0.0.1:9/ergast'
// The key of the credentials the site keeps encrypted (the channels', the webhooks'): a test's own.
process.env.SECRETS_KEY = 'test-only-secrets-key-0123456789abcdef'

afterAll(async () => {
  const { closeDb } = await import('../../src/server/db/client.ts')
  await closeDb()
})
