import type { APIRequestContext } from '@playwright/test'
import type { FakeTable, JolpicaBehavior } from '../fakes/jolpica-server.ts'

/** The fake Jolpica-F1 the end-to-end site talks to (scripts/local-platform/e2e-site.ts: port + 4). */
const origin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8899) + 4}`

async function control(request: APIRequestContext, path: string, data: unknown): Promise<void> {
  const res = await request.post(`${origin}/__fake/${path}`, { data })
  if (!res.ok()) throw new Error(`the fake Jolpica refused ${path}: ${res.status()} ${await res.text()}`)
}

export const fakeJolpicaStandings = (request: APIRequestContext, series: string, season: string, table: FakeTable) =>
  control(request, 'standings', { series, season, table })

export const fakeJolpicaQueue = (request: APIRequestContext, ...behaviors: JolpicaBehavior[]) =>
  control(request, 'queue', { behaviors })

export const resetFakeJolpica = (request: APIRequestContext) => control(request, 'reset', {})
