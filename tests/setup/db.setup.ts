import { afterAll, inject } from 'vitest'

// Runs before each test file imports the app, so the env module reads this database.
process.env.DATABASE_URL = inject('databaseUrl')
process.env.NODE_ENV = 'test'

afterAll(async () => {
  const { closeDb } = await import('../../src/server/db/client.ts')
  await closeDb()
})
