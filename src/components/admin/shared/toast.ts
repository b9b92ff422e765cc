import { HttpError } from '../../../lib/http-error.ts'
import type { FormProblem } from '../../../lib/admin/form-rules.ts'

/**
 * The spec's 'status: body' for a failed call, with the server's `{ message }` as the body so the
 * owner reads words, not JSON ('400: Current password is incorrect').
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

/** The server's own message of a failed call, when it sent one. */
export function serverMessage(error: unknown): string | null {
  const detail = failureDetail(error)
  const match = /^\d{3}: (.+)$/.exec(detail)
  return match?.[1] ?? null
}

/**
 * sonner loads after the gate has rendered (it is not needed to show the gate, and it is a tenth
 * of the gate's JS); the first toast waits for it, which takes no longer than the call it reports.
 */
export const loadSonner = () => import('sonner')

function show(kind: 'success' | 'error', title: string, description?: string) {
  void loadSonner().then(({ toast }) => {
    // One toast at a time (spec 001 section 9): each new one replaces the last.
    toast.dismiss()
    toast[kind](title, { description })
  })
}

export const notify = {
  success(title: string, description?: string) {
    show('success', title, description)
  },
  failure(title: string, description?: string) {
    show('error', title, description)
  },
  problem(p: FormProblem) {
    notify.failure(p.title, p.description)
  },
  /** A failed call: the spec's text, then 'status: message' on its own line. */
  failed(title: string, text: string, error: unknown) {
    notify.failure(title, `${text}\n${failureDetail(error)}`)
  },
}
