import { afterAll, inject } from 'vitest'
import { databaseForWorker } from './workers.ts'

// Runs before each test file imports the app, so the env module reads this file's database: the
// one of its worker slot, which no file running beside it uses.
process.env.DATABASE_URL = databaseForWorker(inject('databaseUrls'))
process.env.NODE_ENV = 'test'

afterAll(async () => {
  const { closeDb } = await import('../../src/server/db/client.ts')
  await closeDb()
})
