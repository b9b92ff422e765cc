import { Hono } from 'hono'
import { newsletterConsents, newsletterSubscribers } from '../../db/schema.ts'
import { defineFeature, safely } from '../feature.ts'
import { DIGEST_JOB_KIND, recipientCounts } from './digests.repo.ts'
import { digestPage, makeDigest } from './digest.ts'
import { newsletterAdminRoutes } from './newsletter-admin.routes.ts'
import { newsletterRoutes } from './newsletter.routes.ts'
import { digestTick, newsletterHousekeeping } from './schedule.ts'
import { runDigestJob } from './send-digest.ts'
import { sendDueSignUpMail } from './subscriptions.ts'

/**
 * The newsletter (docs/decisions/0800-0803): readers sign up behind double opt-in, a digest of the
 * new articles goes out on the owner's schedule as a job that never sends anyone the same digest
 * twice, and every email carries one-click unsubscribe.
 */
export const newsletter = defineFeature({
  name: 'newsletter',
  api: new Hono().route('/newsletter', newsletterRoutes).route('/admin/newsletter', newsletterAdminRoutes),
  // A visitor's sign-up and the links of its emails (their POSTs still pass the origin check).
  publicRoutes: [
    'POST /api/newsletter/subscriptions',
    'POST /api/newsletter/confirmations',
    'POST /api/newsletter/unsubscribe',
    'GET /api/newsletter/unsubscribe',
  ],
  // The one-click unsubscribe of every email (RFC 8058): a mail client posts it from the reader's
  // browser or its own servers, with another origin or none; the signed token is the authority.
  tokenRoutes: ['POST /api/newsletter/unsubscribe'],
  async tick(platform, now, config) {
    // The digest on the site's clock, after this tick's scheduled articles went live (an article due
    // now is in the digest made now); then week-old pending sign-ups are forgotten.
    const digest = config.enabled
      ? await safely('start the newsletter digest', async () => {
          const started = await digestTick(platform, config.digest, now)
          return started ? { started: [started] } : {}
        })
      : {}
    await newsletterHousekeeping(now)
    // Confirmation and 'already subscribed' emails a sign-up's background work did not send (its
    // instance stopped first).
    if (platform.mail) {
      const mail = platform.mail
      await safely('send the due sign-up emails', async () => {
        await sendDueSignUpMail(mail, now)
        return {}
      })
    }
    return digest
  },
  jobs: { [DIGEST_JOB_KIND]: runDigestJob },
  // The addresses and their consents; its digests and who got them are a ledger of this
  // installation, like jobs, and stay out (docs/decisions/0800).
  backupTables: [
    { table: newsletterSubscribers, orderBy: ['id'], since: 'newsletter' },
    { table: newsletterConsents, orderBy: ['id'], since: 'newsletter' },
  ],
  // A site with subscribers is not empty: a restore must not drop them unasked.
  contentTables: [newsletterSubscribers],
})

// What the newsletter's pages and the benchmark use.
export { confirmLinkState, unsubscribeLinkState } from './links.ts'
export { digestPage, makeDigest, recipientCounts }
export { setPostalAddress } from './digest-plan.repo.ts'
