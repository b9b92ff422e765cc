import type { APIRequestContext } from '@playwright/test'
import type { FakeTable, JolpicaBehavior } from '../../fakes/jolpica-server.ts'
import { currentSite } from './e2e-site.ts'

/** The fake Jolpica-F1 of the test's site (test-support/e2e-site.ts). */
async function control(request: APIRequestContext, path: string, data: unknown): Promise<void> {
  const res = await request.post(`${currentSite().fakeJolpicaOrigin}/__fake/${path}`, { data })
  if (!res.ok()) throw new Error(`the fake Jolpica refused ${path}: ${res.status()} ${await res.text()}`)
}

export const fakeJolpicaStandings = (request: APIRequestContext, series: string, season: string, table: FakeTable) =>
  control(request, 'standings', { series, season, table })

export const fakeJolpicaQueue = (request: APIRequestContext, ...behaviors: JolpicaBehavior[]) =>
  control(request, 'queue', { behaviors })

export const resetFakeJolpica = (request: APIRequestContext) => control(request, 'reset', {})
