import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type TestInfo } from '@playwright/test'
import type { ReceivedMail } from '../../fakes/smtp-server.ts'
import { currentSite } from './e2e-site.ts'

/**
 * What the test site's fake mail server took (scripts/e2e-server.ts writes each message into the
 * site's mailbox folder), read by the browser tests of the newsletter.
 */
export function mailbox(testInfo: TestInfo): ReceivedMail[] {
  const folder = currentSite(testInfo).mailbox
  if (!folder) throw new Error('This end-to-end site has no fake mail server (only the writing sites do).')
  if (!existsSync(folder)) return []
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(folder, f), 'utf8')) as ReceivedMail)
}

/** The messages to `to` (matching `subject`, when given), once there are at least `count`. */
export async function mailTo(
  testInfo: TestInfo,
  to: string,
  options: { count?: number; subject?: RegExp } = {},
): Promise<ReceivedMail[]> {
  const pick = () =>
    mailbox(testInfo).filter((m) => m.to === to && (!options.subject || options.subject.test(m.subject)))
  await expect.poll(() => pick().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(options.count ?? 1)
  return pick()
}

/** The address of the first link in the HTML that opens `pathname` on the site. */
export function linkIn(html: string, pathname: string): string {
  const match = new RegExp(`href="(https?://[^"/]+${pathname.replace(/[/?]/g, '\\$&')}\\?token=[^"]+)"`).exec(html)
  if (!match) throw new Error(`No ${pathname} link in the email`)
  return match[1]!.replace(/&amp;/g, '&')
}
