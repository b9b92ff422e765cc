/**
 * What a visitor waits while a request runs on the same thread (issue 31: a History that compared
 * texts for 27 s held every other request as long). The API test and `npm run bench:history` use it.
 */
export interface Beside<T> {
  result: T
  /** Visitors' requests made while it ran: one is due at its start, then one every `everyMs`. */
  visitors: number
  /** The longest a visitor waited, counted from when its request was due: a timer that fired late because the thread was busy counts as waiting. */
  worstWaitMs: number
}

export async function beside<T>(
  run: () => Promise<T>,
  visit: () => Promise<unknown>,
  everyMs = 50,
): Promise<Beside<T>> {
  const started = performance.now()
  let finishedAt = Infinity
  const main = run().finally(() => (finishedAt = performance.now()))
  const waits: number[] = []
  // Each visitor due before the request finished comes, even when its timer fires after that.
  for (let due = started; due < finishedAt;) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())))
    if (due >= finishedAt) break
    await visit()
    waits.push(performance.now() - due)
    due = started + everyMs * Math.ceil((performance.now() - started) / everyMs + 0.01)
  }
  return { result: await main, visitors: waits.length, worstWaitMs: Math.max(0, ...waits) }
}
