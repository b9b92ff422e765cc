import { hc, type ClientResponse } from 'hono/client'
import type { AppType } from '../server/app.ts'
import { HttpError, throwIfNotOk } from './http-error.ts'
import { fetchWithDeadline } from './request-deadline.ts'

/**
 * The typed API client every island and the admin panel call the API with: paths, bodies, query
 * strings and answers are the routes' own types (`AppType`, a type-only import: no server code
 * reaches the browser). Cookies always go along (spec 001: "All requests send credentials"). Writes
 * give up after 15 s and carry their deadline (src/lib/request-deadline.ts).
 *
 *   const games = await unwrap(api.games.$get())
 *   await unwrap(api.admin.games.$post({ json: { title: 'iRacing' } }))
 */
export const api = hc<AppType>('/', { init: { credentials: 'include' }, fetch: fetchWithDeadline }).api

/**
 * The answer's JSON, or the spec's failure: an HttpError whose message is 'STATUS: body' (spec 000
 * section 8, spec 001 section 8). Routes answer failures by throwing, so `T` is the success shape.
 */
export async function unwrap<T, S extends number>(pending: Promise<ClientResponse<T, S, 'json'>>): Promise<T> {
  const response = await pending
  await throwIfNotOk(response)
  return (await response.json()) as T
}

/** Like `unwrap`, with a 401 (no admin session) answered as null instead of a failure (spec 001 section 9). */
export async function unwrapOrNullOn401<T, S extends number>(
  pending: Promise<ClientResponse<T, S, 'json'>>,
): Promise<T | null> {
  try {
    return await unwrap(pending)
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null
    throw error
  }
}

/**
 * Uploads send raw bytes (application/octet-stream), which the typed client does not model: this
 * is the one untyped call, kept to the chunk routes of image uploads, backup restores and race
 * result files (docs/decisions/0201-chunked-image-uploads.md, 0610-backup-archive.md, 0421).
 */
export async function putUploadChunk(
  uploadId: string,
  index: number,
  bytes: Blob,
  base: '/api/admin/uploads' | '/api/admin/backup/restores' | '/api/admin/race-results/uploads' = '/api/admin/uploads',
): Promise<void> {
  const response = await fetch(`${base}/${encodeURIComponent(uploadId)}/chunks/${index}`, {
    method: 'PUT',
    credentials: 'include',
    headers: { 'Content-Type': 'application/octet-stream' },
    body: bytes,
  })
  await throwIfNotOk(response)
}
