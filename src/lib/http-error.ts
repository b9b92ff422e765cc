/**
 * The generic failure message of spec 000 section 8: the status code, ': ', then the response body,
 * or the status text when the body is empty.
 */
export function httpErrorMessage(status: number, statusText: string, body: string): string {
  return `${status}: ${body || statusText}`
}

/** A failed HTTP response, with the spec's message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

/** Throws an HttpError for any non-OK response (spec 000 section 7: "any non-OK response is a failure"). */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return
  const body = await response.text().catch(() => '')
  throw new HttpError(response.status, httpErrorMessage(response.status, response.statusText, body))
}
