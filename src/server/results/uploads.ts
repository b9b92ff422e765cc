import { CHUNK_SIZE, chunkedFiles } from '../blobs/chunked-files.ts'
import { ApiError } from '../http/errors.ts'

/**
 * Race result files cross in chunks like images and backups (docs/decisions/0201): a 2-hour ACC
 * race of 60 cars with every lap is a few MB in UTF-16, past what one function request takes.
 * The file waits in the 'uploads' store until it is imported or abandoned.
 */
export const MAX_RESULT_FILE_BYTES = 50 * 1024 * 1024
export const MAX_RESULT_FILE_CHUNKS = Math.ceil(MAX_RESULT_FILE_BYTES / CHUNK_SIZE)

export const resultFileTooLarge = () => new ApiError(413, 'The result file is larger than 50 MB.')

export const resultUploads = chunkedFiles('race-results/', 'Result file upload not found')

/** An upload not imported within this time (a closed tab) is removed when the next one opens. */
export const RESULT_UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000
