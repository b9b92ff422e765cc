import { createApp } from '../../src/server/app.ts'
import { testPlatform, type PlatformOverrides, type TestPlatform } from './platform.ts'

type App = ReturnType<typeof createApp>

/** The platform of the shared in-process app: tests read what it purged. */
export const platform = testPlatform()
export const app = createApp(platform)

/** A JSON answer; the body is whatever the route answered (tests assert on its fields). */
export interface Sent {
  status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many shapes, asserted field by field
  body: any
  headers: Headers
}

export type Send = (
  method: string,
  path: string,
  options?: { cookie?: string; body?: unknown; headers?: Record<string, string>; raw?: BodyInit },
) => Promise<Sent>

/** Requests to an in-process app, JSON in and out, with the admin cookie when given. */
export function sendTo(target: App): Send {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.cookie) headers.cookie = options.cookie
    let body: BodyInit | undefined = options.raw
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json'
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    }
    const res = await target.request(path, { method, headers, body })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed, headers: res.headers }
  }
}

/** An app of a test's own, on a platform with the test's services (fakes, Blobs, jobs in-process). */
export function appWith(overrides: PlatformOverrides = {}): { platform: TestPlatform; app: App; send: Send } {
  const own = testPlatform(overrides)
  const ownApp = createApp(own)
  return { platform: own, app: ownApp, send: sendTo(ownApp) }
}

export async function getJson<T = unknown>(path: string): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await app.request(path)
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers }
}
