import type { APIRequestContext } from '@playwright/test'
import type { Behavior } from '../../fakes/ai-server.ts'
import { currentSite } from './e2e-site.ts'

/** The fake AI server the test's site talks to (test-support/e2e-site.ts). */
const fakeAiOrigin = () => currentSite().fakeAiOrigin

/** Every AI call whose request mentions `match` gets `behavior` (e.g. one championship fails). */
export async function fakeAiWhen(request: APIRequestContext, match: string, behavior: Behavior): Promise<void> {
  const res = await request.post(`${fakeAiOrigin()}/__fake/when`, { data: { match, behavior } })
  if (!res.ok()) throw new Error(`the fake AI refused the rule: ${res.status()} ${await res.text()}`)
}

export async function resetFakeAi(request: APIRequestContext): Promise<void> {
  await request.post(`${fakeAiOrigin()}/__fake/reset`)
}
