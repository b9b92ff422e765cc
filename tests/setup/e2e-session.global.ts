import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { request, type FullConfig } from '@playwright/test'
import { e2eSessionFile, readE2eAdminPassword } from '../helpers/e2e-session.ts'

/**
 * Logs the admin in once per Playwright run and site (issue 24), through the API as a browser would,
 * and saves the session as Playwright's storage state: the admin tests start with it
 * (playwright.config.ts), instead of each test paying a login. Runs after the web servers are up.
 * The gate's own tests start without it and log in through the form.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const sites = new Set(config.projects.map((project) => project.use.baseURL).filter((url) => url !== undefined))
  await Promise.all([...sites].map(saveSession))
}

async function saveSession(baseURL: string): Promise<void> {
  const context = await request.newContext({ baseURL })
  try {
    const res = await context.post('/api/admin/login', { data: { password: readE2eAdminPassword(baseURL) } })
    if (res.status() !== 200)
      throw new Error(`The admin login for the tests failed: ${res.status()} ${await res.text()}`)
    const file = e2eSessionFile(baseURL)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify(await context.storageState()))
  } finally {
    await context.dispose()
  }
}
