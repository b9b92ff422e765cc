import { throwIfNotOk } from './http-error.ts'

/**
 * The one HTTP helper of spec 000 section 7: a body, when given, is sent as JSON; cookies always go
 * along; any non-OK response is a failure with the spec's message ('STATUS: body').
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  await throwIfNotOk(response)
  return response
}

/** The default read: GET with cookies, parsed JSON. With `on401: 'null'` a 401 yields null instead of failing. */
export async function getJson<T>(url: string, options: { on401?: 'null' | 'throw' } = {}): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include' })
  if (options.on401 === 'null' && response.status === 401) return null
  await throwIfNotOk(response)
  return (await response.json()) as T
}
