import { createApp } from '../../src/server/app.ts'
import { testPlatform } from './platform.ts'

/** The platform of the shared in-process app: tests read what it purged. */
export const platform = testPlatform()
export const app = createApp(platform)

export async function getJson<T = unknown>(path: string): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await app.request(path)
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers }
}
