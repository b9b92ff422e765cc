import { CHUNK_SIZE } from '../../src/server/blobs/chunked-files.ts'
import type { Send, Sent } from './app.ts'

/** The panel's result-file calls against one app (its platform has the test's Blobs). */
export function resultFilesVia(send: Send) {
  /** Uploads a result file through the chunked upload routes, as the panel does; answers the upload's id. */
  async function uploadResultFile(cookie: string, bytes: Uint8Array): Promise<string> {
    const opened = await send('POST', '/api/admin/race-results/uploads', { cookie, body: { size: bytes.length } })
    if (opened.status !== 201) throw new Error(`open: ${opened.status} ${JSON.stringify(opened.body)}`)
    const { id, chunks } = opened.body as { id: string; chunks: number }
    for (let i = 0; i < chunks; i++) {
      const put = await send('PUT', `/api/admin/race-results/uploads/${id}/chunks/${i}`, {
        cookie,
        raw: bytes.slice(i * CHUNK_SIZE, (i + 1) * CHUNK_SIZE),
        headers: { 'content-type': 'application/octet-stream' },
      })
      if (put.status !== 200) throw new Error(`chunk ${i}: ${put.status} ${JSON.stringify(put.body)}`)
    }
    return id
  }

  const previewResultFile = (cookie: string, id: string, fileName = '') =>
    send('GET', `/api/admin/race-results/uploads/${id}/preview?${new URLSearchParams({ fileName })}`, { cookie })

  /** Uploads and imports a file into a championship's round: the import's answer. */
  async function importResultFileApi(
    cookie: string,
    bytes: Uint8Array,
    target: { championshipId: number; round: number; fileName?: string },
  ): Promise<Sent> {
    const id = await uploadResultFile(cookie, bytes)
    return send('POST', `/api/admin/race-results/uploads/${id}/import`, {
      cookie,
      body: { fileName: '', ...target },
    })
  }

  return { uploadResultFile, previewResultFile, importResultFileApi }
}
