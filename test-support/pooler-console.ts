import postgres from 'postgres'

/** PgBouncer's admin console: simple-protocol SHOW commands only, no type lookup on connect. */
export function poolerConsole(adminUrl: string) {
  const sql = postgres(adminUrl, { max: 1, prepare: false, fetch_types: false, onnotice: () => {} })
  const show = async <T>(what: 'POOLS' | 'CLIENTS' | 'SERVERS') =>
    (await sql.unsafe(`SHOW ${what}`).simple()) as unknown as T[]
  return {
    /** Client connections from one application_name (PGAPPNAME of a function instance). */
    async clients(applicationName?: string): Promise<number> {
      const rows = await show<{ database: string; application_name?: string }>('CLIENTS')
      return rows.filter(
        (r) => r.database !== 'pgbouncer' && (applicationName === undefined || r.application_name === applicationName),
      ).length
    },
    /** Server connections in use or idle for the app's database, and clients waiting for one. */
    async pool(database = 'postgres'): Promise<{ servers: number; active: number; waiting: number; clients: number }> {
      const rows = await show<Record<string, string | number>>('POOLS')
      const row = rows.find((r) => r.database === database)
      const n = (key: string) => Number(row?.[key] ?? 0)
      return {
        servers: n('sv_active') + n('sv_idle') + n('sv_used') + n('sv_tested') + n('sv_login'),
        active: n('sv_active'),
        waiting: n('cl_waiting'),
        clients: n('cl_active') + n('cl_waiting'),
      }
    },
    end: () => sql.end({ timeout: 2 }),
  }
}
