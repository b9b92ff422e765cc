import { randomBytes } from 'node:crypto'
import postgres from 'postgres'

/**
 * A benchmark's own database and the proof that a connection reaches it. Beside `npm start`, an
 * environment read too early once sent bench:load's migrations, seed and password into the owner's
 * database: a benchmark marks the database it created with a random token, and checks that token
 * through the very connection it is about to write with, just before it writes.
 */
export interface ScratchDatabase {
  /** Connection string of the scratch database itself. */
  url: string
  /** Its name (`current_database()`). */
  name: string
  /** The random token in its marker table: no other database holds it. */
  token: string
}

const MARKER_SCHEMA = 'bench_scratch'

export class ScratchRefusal extends Error {}

const connect = (url: string) => postgres(url, { max: 1, prepare: false, onnotice: () => {} })

/**
 * Marks the database of `url`, which this process has just created (or started empty), as its
 * scratch database. Refuses a database that already carries a marker: that one is not new.
 */
export async function markScratchDatabase(url: string): Promise<ScratchDatabase> {
  const token = randomBytes(16).toString('hex')
  const sql = connect(url)
  try {
    const [existing] = await sql<{ found: boolean }[]>`
      select exists (select 1 from pg_namespace where nspname = ${MARKER_SCHEMA}) as found`
    if (existing?.found) throw new ScratchRefusal(`the database of ${describe(url)} is already marked: it is not new`)
    await sql.unsafe(`create schema ${MARKER_SCHEMA}; create table ${MARKER_SCHEMA}.marker (token text not null)`)
    await sql`insert into ${sql(MARKER_SCHEMA)}.marker (token) values (${token})`
    const [row] = await sql<{ name: string }[]>`select current_database() as name`
    return { url, name: row!.name, token }
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/**
 * A new database with a unique name (`<prefix>_<random>`) on the cluster of `clusterUrl`, a cluster
 * the caller started itself, marked as its scratch database.
 */
export async function createScratchDatabase(clusterUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = connect(clusterUrl)
  try {
    await admin.unsafe(`create database "${name}" template template0 encoding 'UTF8'`)
  } finally {
    await admin.end({ timeout: 5 })
  }
  const url = new URL(clusterUrl)
  url.pathname = `/${name}`
  return markScratchDatabase(url.toString())
}

/**
 * Throws a ScratchRefusal, having written nothing, unless `sql` is connected to `scratch`: the
 * database name and the marker's token must both match.
 */
export async function assertScratchDatabase(sql: postgres.Sql, scratch: ScratchDatabase): Promise<void> {
  const [row] = await sql<{ name: string; marked: boolean }[]>`
    select current_database() as name, to_regclass(${`${MARKER_SCHEMA}.marker`}) is not null as marked`
  const refuse = (why: string): never => {
    throw new ScratchRefusal(
      `refusing to write: ${why}. A benchmark writes only into the scratch database it created (${scratch.name}).`,
    )
  }
  if (!row || row.name !== scratch.name) return refuse(`the connection reaches "${row?.name}", not "${scratch.name}"`)
  if (!row.marked) refuse(`database "${row.name}" carries no scratch marker`)
  const [mark] = await sql<{ n: number }[]>`
    select count(*)::int as n from ${sql(MARKER_SCHEMA)}.marker where token = ${scratch.token}`
  if (!mark?.n) refuse(`database "${row.name}" carries another benchmark's marker`)
}

/** Host, port and database of a connection string, without its password. */
function describe(url: string): string {
  const u = new URL(url)
  return `${u.host}${u.pathname}`
}
