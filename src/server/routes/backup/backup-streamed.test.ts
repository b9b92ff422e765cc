import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appWith, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { startBlobs, type BlobsHarness } from '../../../../tests/helpers/blobs.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { exportForDownload } from '../../backup/export.ts'
import { restoreArchive } from '../../backup/restore.ts'
import { rawSql } from '../../db/client.ts'

/**
 * Issue 31: one import of 500,000 laps broke backups (the export's jsonb_agg ran out of memory on
 * the embedded database; on PostgreSQL 15 the panel's restore answered 503 after 20 s). Backups are
 * now streamed both ways, a batch at a time (decision 0611). 20,000 laps go through the API here,
 * in 5 batches read and 10 statements written: the paths 500,000 laps take, which cost 40 s on a
 * loaded 2-core machine, too much for the suite; `npm run bench:data -- --only-backup` measures
 * 1,000,000 (docs/benchmarks.md).
 */
const LAPS = 20_000

let blobs: BlobsHarness
let send: Send
let app: ReturnType<typeof appWith>['app']
let cookie = ''
/** The archive the first test downloads. */
let file = Buffer.alloc(0)

/** What the laps hold, in one row: a restore must give back exactly these. */
async function lapsDigest(): Promise<{ n: number; d: string }> {
  const [row] = await rawSql()<{ n: number; d: string }[]>`
    select count(*)::int as n, md5(string_agg(t::text, ',' order by id)) as d from race_laps t`
  return row!
}

const exportsLeft = async () => (await blobs.stores('uploads').list({ prefix: 'backup-export/' })).blobs

beforeAll(async () => {
  blobs = await startBlobs()
  ;({ send, app } = appWith({ blobs: blobs.stores }))
  await resetDatabase()
  cookie = await adminCookie()
  // One statement: a session and its laps, as an ACC import of that size would store them.
  await rawSql().unsafe(`
    with session as (
      insert into race_sessions (file_hash, file_name, format, session_type, track, started_at, classification, lap_count)
      values ('large', 'large.json', 'acc', 'race', 'spa', '2026-11-20T10:00:00Z', '[]', ${LAPS}) returning id)
    insert into race_laps (session_id, driver_name, driver_key, team, car, track, lap_ms, lap_number, set_at, personal_best)
    select session.id, 'Driver ' || (g % 60), 'driver ' || (g % 60), 'Team ' || (g % 30), 'BMW M4 GT3', 'spa',
      136000 + (g % 5003) * 7 % 5000, g / 60 + 1, timestamptz '2026-11-20T10:00:00Z' + g * interval '1.234567 second', g % 97 = 0
    from session, generate_series(1, ${LAPS}) g`)
})

afterAll(async () => {
  await blobs.close()
})

describe('a backup streamed in batches', () => {
  it('of a site with many laps is exported through the API and restored over it with replace: every lap comes back', async () => {
    const before = await lapsDigest()
    expect(before.n).toBe(LAPS)

    const opened = await send('POST', '/api/admin/backup/exports', { cookie })
    expect(opened.status, JSON.stringify(opened.body)).toBe(201)
    const { id, chunks } = opened.body as { id: string; chunks: number }
    const parts: Buffer[] = []
    for (let i = 0; i < chunks; i++) {
      const res = await app.request(`/api/admin/backup/exports/${id}/chunks/${i}`, { headers: { cookie } })
      expect(res.status).toBe(200)
      parts.push(Buffer.from(await res.arrayBuffer()))
    }
    file = Buffer.concat(parts)
    expect((await send('DELETE', `/api/admin/backup/exports/${id}`, { cookie })).status).toBe(200)

    // The same site, its laps changed since the backup: the restore puts them back.
    await rawSql().unsafe(`delete from race_laps where id % 2 = 0`)
    const upload = await send('POST', '/api/admin/backup/restores', { cookie, body: { size: file.length } })
    expect(upload.status).toBe(201)
    const { id: uploadId, chunkSize, chunks: count } = upload.body as { id: string; chunkSize: number; chunks: number }
    for (let i = 0; i < count; i++) {
      const put = await send('PUT', `/api/admin/backup/restores/${uploadId}/chunks/${i}`, {
        cookie,
        raw: file.subarray(i * chunkSize, (i + 1) * chunkSize),
        headers: { 'content-type': 'application/octet-stream' },
      })
      expect(put.status).toBe(200)
    }
    const restored = await send('POST', `/api/admin/backup/restores/${uploadId}/complete`, {
      cookie,
      body: { replace: true },
    })
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    expect(restored.body.rows).toBeGreaterThan(LAPS)
    expect(await lapsDigest()).toEqual(before)
  })

  it('refuses an export with 413 as it grows past what a restore takes, and leaves none of it behind', async () => {
    const refused = exportForDownload(blobs.stores, {
      now: new Date(),
      deadline: Date.now() + 60_000,
      maxBytes: 100_000,
    })
    await expect(refused).rejects.toMatchObject({
      status: 413,
      message: expect.stringMatching(/too large for one backup.*more than the site can restore at once/),
    })
    expect(await exportsLeft()).toEqual([])
  })

  it('refuses an export that would outlast the function with 413, and leaves none of it behind', async () => {
    const late = exportForDownload(blobs.stores, { now: new Date(), deadline: Date.now() - 1 })
    await expect(late).rejects.toMatchObject({ status: 413, message: expect.stringMatching(/npm run backup:export/) })
    expect(await exportsLeft()).toEqual([])
  })

  it('refuses a restore that would outlast the function with 413, changing nothing', async () => {
    await rawSql().unsafe(`delete from race_laps where id % 3 = 0`)
    const digest = await databaseDigest()
    const late = restoreArchive(blobs.stores, () => [file], { replace: true, deadline: Date.now() - 1 })
    await expect(late).rejects.toMatchObject({ status: 413, message: expect.stringMatching(/npm run backup:restore/) })
    expect(await databaseDigest()).toBe(digest)
  })
})
