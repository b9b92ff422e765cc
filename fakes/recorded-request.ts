import type { IncomingMessage } from 'node:http'

/** A request a fake took, as the tests and `npm run fake:channels` read it back. */
export interface RecordedRequest {
  /** 1, 2, 3… in the order received. */
  n: number
  at: string
  method: string
  path: string
  query: Record<string, string>
  /** Names in lower case. */
  headers: Record<string, string>
  /** The parsed body (JSON, form fields), the raw text when it did not parse, or null (none). */
  body: unknown
  /** What was answered; null while unanswered (a hang). */
  status: number | null
  /** The body answered: JSON as an object, text as a string; null for none (a 204, a hang). */
  reply: unknown
}

/** A request as taken, not answered yet: the next in `requests`, which it joins. */
export function recordRequest(
  requests: RecordedRequest[],
  req: IncomingMessage,
  url: URL,
  body: unknown,
): RecordedRequest {
  const record: RecordedRequest = {
    n: requests.length + 1,
    at: new Date().toISOString(),
    method: req.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
    ),
    body,
    status: null,
    reply: null,
  }
  requests.push(record)
  return record
}

/** Notes the answer on the request's record (none for a request not recorded) and tells `onAnswer`. */
export function noteAnswer(
  record: RecordedRequest | null,
  status: number,
  body: unknown,
  onAnswer?: (record: RecordedRequest) => void,
): void {
  if (!record) return
  record.status = status
  record.reply = body ?? null
  onAnswer?.(record)
}
