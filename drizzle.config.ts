import { defineConfig } from 'drizzle-kit'

// Generates SQL only (no database needed): `npm run db:generate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './supabase/migrations',
  migrations: { prefix: 'supabase' },
})
