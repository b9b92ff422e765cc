/**
 * A failed HTTP response (spec 000 section 7: "any non-OK response is a failure"). `message` is the
 * server's own words: the `{ "message" }` of our API's JSON answers, else the body text, else the
 * status text. `detail` is the spec's generic failure text (spec 000 section 8, spec 001 section 8):
 * the status code, ': ', then that message ('400: Current password is incorrect').
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Whether the server said something (a body), rather than the status text standing in. */
    readonly fromServer = true,
  ) {
    super(message)
    this.name = 'HttpError'
  }

  get detail(): string {
    return `${this.status}: ${this.message}`
  }
}

/** The server's words in a failed answer's body: its JSON `message`, or the body as it came. */
export function bodyMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown }
    if (typeof parsed?.message === 'string') return parsed.message
  } catch {
    // Not JSON: the body as it came.
  }
  return body
}

/** What a failed answer is read from: a fetch Response, or the typed client's answer. */
export interface FailedAnswer {
  ok: boolean
  status: number
  statusText: string
  text(): Promise<string>
}

/** Throws an HttpError for any non-OK response; the body is read and parsed here, once. */
export async function throwIfNotOk(response: FailedAnswer): Promise<void> {
  if (response.ok) return
  const body = (await response.text().catch(() => '')).trim()
  const message = body ? bodyMessage(body) : ''
  throw message ? new HttpError(response.status, message) : new HttpError(response.status, response.statusText, false)
}
