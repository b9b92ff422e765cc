import { readFileSync } from 'node:fs'

const portOf = (baseURL: string) => new URL(baseURL).port

/** The e2e site's generated admin password (scripts/e2e-server.ts writes it into its data folder). */
export function readE2eAdminPassword(baseURL: string): string {
  return readFileSync(`.data/e2e-${portOf(baseURL)}/admin-password.txt`, 'utf8').trim()
}

/** Where the run's one admin session is saved (tests/setup/e2e-session.global.ts). */
export function e2eSessionFile(baseURL: string): string {
  return `.data/e2e-${portOf(baseURL)}/admin-session.json`
}

/** A context that starts with no session at all (the gate's tests, a visitor). */
export const noSession = { cookies: [], origins: [] }
