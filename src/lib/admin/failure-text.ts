import { HttpError } from '../http-error.ts'

/**
 * The spec's 'status: body' for a failed call (spec 001 section 8), with the server's words as the
 * body so the owner reads words, not JSON: '400: Current password is incorrect'.
 */
export function failureDetail(error: unknown): string {
  if (error instanceof HttpError) return error.detail
  return error instanceof Error ? error.message : String(error)
}

/** The server's own message of a failed call, or null when it sent none. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof HttpError) || !error.fromServer) return null
  return error.message.trim() || null
}
