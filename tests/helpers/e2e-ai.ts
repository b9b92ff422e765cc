import type { APIRequestContext } from '@playwright/test'
import type { Behavior } from '../fakes/ai-server.ts'

/** The fake AI server the end-to-end site talks to (playwright.config.ts starts it at port + 2). */
const fakeAiOrigin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8899) + 2}`

/** Every AI call whose request mentions `match` gets `behavior` (e.g. one championship fails). */
export async function fakeAiWhen(request: APIRequestContext, match: string, behavior: Behavior): Promise<void> {
  const res = await request.post(`${fakeAiOrigin}/__fake/when`, { data: { match, behavior } })
  if (!res.ok()) throw new Error(`the fake AI refused the rule: ${res.status()} ${await res.text()}`)
}

export async function resetFakeAi(request: APIRequestContext): Promise<void> {
  await request.post(`${fakeAiOrigin}/__fake/reset`)
}
