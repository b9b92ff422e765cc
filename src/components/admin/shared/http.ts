import { apiRequest } from '../../../lib/api-client.ts'

/** A JSON call through the project's HTTP helper (cookies sent, failures as 'status: body'). */
export async function send<T>(method: string, url: string, body?: unknown): Promise<T> {
  return (await (await apiRequest(method, url, body)).json()) as T
}
