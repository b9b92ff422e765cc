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
