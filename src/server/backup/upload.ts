import { CHUNK_SIZE, chunkedFiles } from '../blobs/chunked-files.ts'
import { ApiError } from '../http/errors.ts'

/**
 * Backup files in and out (docs/decisions/0610, 0611), both larger than one function request or
 * response: a restore's file is uploaded in chunks and read back a chunk at a time; an export is
 * written as chunks, as it is made, that the panel downloads one by one. Both are deleted once used.
 */
/**
 * The largest backup file the panel takes. A version 2 archive is streamed, so memory does not
 * bound it; a version 1 archive is read whole (archive-v1.ts, at most 160 MB unpacked), and a
 * restore must fit in a function's time (docs/admin.md has what fits).
 */
export const MAX_BACKUP_BYTES = 160 * 1024 * 1024
/** The chunk routes' path parameter range (MAX_BACKUP_BYTES / CHUNK_SIZE, rounded up). */
export const MAX_BACKUP_CHUNKS = Math.ceil(MAX_BACKUP_BYTES / CHUNK_SIZE)

export const backupTooLarge = () => new ApiError(413, 'The backup file is larger than 160 MB.')

/** An export is refused as it grows past what a restore takes, before anything is offered for download. */
export const exportTooLarge = () =>
  new ApiError(
    413,
    'The site is too large for one backup: the file would be larger than 160 MB, more than the site can restore at once. Nothing was saved.',
  )

export const restoreUploads = chunkedFiles('backup/')
export const exportDownloads = chunkedFiles('backup-export/', 'Backup download not found')

/**
 * An export the panel has not fetched within this time (a closed tab) is removed by the next one;
 * so is a restore upload not completed within it (a closed tab, a failed upload).
 */
export const EXPORT_KEPT_MS = 60 * 60 * 1000
