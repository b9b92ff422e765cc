import { createApp } from '../../src/server/app.ts'

export const app = createApp()

export async function getJson<T = unknown>(path: string): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await app.request(path)
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers }
}
