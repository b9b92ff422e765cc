import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newDatabasePassword, startEmbeddedServer, type EmbeddedServer } from './embedded-server.ts'
import { assertScratchDatabase, markScratchDatabase, ScratchRefusal } from './scratch-database.ts'

/**
 * The guard of the benchmarks: a connection may be written to only when it reaches the database the
 * benchmark marked itself. Two embedded servers stand in for the owner's database (`npm start`) and
 * a benchmark's scratch database.
 */
const servers: EmbeddedServer[] = []
const urlOf = (server: EmbeddedServer) => server.url
let ownerUrl: string
let scratchUrl: string
const connections: postgres.Sql[] = []
const connect = (url: string) => {
  const sql = postgres(url, { max: 1, prepare: false, onnotice: () => {} })
  connections.push(sql)
  return sql
}

beforeAll(
  async () => {
    for (let i = 0; i < 2; i++)
      servers.push(await startEmbeddedServer({ dataDir: 'memory://', port: 0, password: newDatabasePassword() }))
    ownerUrl = urlOf(servers[0]!)
    scratchUrl = urlOf(servers[1]!)
    await connect(ownerUrl).unsafe(`create table owner_notes (body text); insert into owner_notes values ('mine')`)
  },
  60_000 * Math.max(1, Number(process.env.VITEST_TIMEOUT_SCALE) || 1),
)

afterAll(async () => {
  for (const sql of connections) await sql.end({ timeout: 5 })
  for (const server of servers) await server.stop()
})

describe('scratch database guard', () => {
  it('lets a connection to the marked database through', async () => {
    const scratch = await markScratchDatabase(scratchUrl)
    await expect(assertScratchDatabase(connect(scratchUrl), scratch)).resolves.toBeUndefined()
    // A database marked once is no longer new: a second benchmark may not claim it.
    await expect(markScratchDatabase(scratchUrl)).rejects.toThrow(/already marked/)
  })

  it("refuses a connection to the owner's database, of the same name, and writes nothing there", async () => {
    const scratch = await markScratchDatabase(urlOf(await newServer()))
    const owner = connect(ownerUrl)
    const before = await owner`select string_agg(body, ',') as rows, count(*)::int as n from owner_notes`
    const refused = await assertScratchDatabase(owner, scratch).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ScratchRefusal)
    expect((refused as Error).message).toMatch(/refusing to write: database "postgres" carries no scratch marker/)
    expect(await owner`select string_agg(body, ',') as rows, count(*)::int as n from owner_notes`).toEqual(before)
    const [schemas] = await owner<{ n: number }[]>`
      select count(*)::int as n from pg_namespace where nspname = 'bench_scratch'`
    expect(schemas?.n).toBe(0)
  })

  it("refuses another benchmark's scratch database", async () => {
    const mine = await markScratchDatabase(urlOf(await newServer()))
    const theirs = urlOf(await newServer())
    await markScratchDatabase(theirs)
    await expect(assertScratchDatabase(connect(theirs), mine)).rejects.toThrow(/another benchmark's marker/)
  })
})

async function newServer(): Promise<EmbeddedServer> {
  const server = await startEmbeddedServer({ dataDir: 'memory://', port: 0, password: newDatabasePassword() })
  servers.push(server)
  return server
}
