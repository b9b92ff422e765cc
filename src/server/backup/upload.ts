import { CHUNK_SIZE, chunkedFiles } from '../blobs/chunked-files.ts'
import { ApiError } from '../http/errors.ts'

/**
 * Backup files in and out (docs/decisions/0610), both larger than one function request or
 * response: a restore's file is uploaded in chunks and read back whole; an export is written as
 * chunks the panel downloads one by one. Both are deleted once used.
 */
/** As large as the JSON a restore unpacks at most (archive.ts MAX_ARCHIVE_JSON_BYTES): gzip never grows it much. */
export const MAX_BACKUP_BYTES = 160 * 1024 * 1024
/** The chunk routes' path parameter range (MAX_BACKUP_BYTES / CHUNK_SIZE, rounded up). */
export const MAX_BACKUP_CHUNKS = Math.ceil(MAX_BACKUP_BYTES / CHUNK_SIZE)

export const backupTooLarge = () => new ApiError(413, 'The backup file is larger than 160 MB.')

export const restoreUploads = chunkedFiles('backup/')
export const exportDownloads = chunkedFiles('backup-export/', 'Backup download not found')

/**
 * An export the panel has not fetched within this time (a closed tab) is removed by the next one;
 * so is a restore upload not completed within it (a closed tab, a failed upload).
 */
export const EXPORT_KEPT_MS = 60 * 60 * 1000
