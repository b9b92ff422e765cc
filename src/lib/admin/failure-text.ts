import { HttpError } from '../http-error.ts'

/**
 * The spec's 'status: body' for a failed call (spec 001 section 8), with the server's
 * `{ "message" }` as the body so the owner reads words, not JSON: '400: Current password is incorrect'.
 */
export function failureDetail(error: unknown): string {
  if (error instanceof HttpError) {
    const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message)
    if (match) {
      try {
        const parsed = JSON.parse(match[2] ?? '') as { message?: unknown }
        if (typeof parsed.message === 'string') return `${match[1]}: ${parsed.message}`
      } catch {
        // Not JSON: the body as it came.
      }
    }
    return error.message
  }
  return error instanceof Error ? error.message : String(error)
}

/** The server's own message of a failed call, or null when it sent none. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null
  const match = /^\d{3}: ([\s\S]+)$/.exec(failureDetail(error))
  return match?.[1]?.trim() || null
}
