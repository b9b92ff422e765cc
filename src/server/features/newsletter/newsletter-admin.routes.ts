import { Hono } from 'hono'
import { z } from 'zod'
import { csvRows } from '../../../lib/newsletter/csv.ts'
import { weeklyGrowth } from '../../../lib/newsletter/growth.ts'
import { MAIL_VARIABLES } from '../../../lib/newsletter/texts.ts'
import { inDoubtContract, newsletterTestContract } from '../../../lib/forms/newsletter.ts'
import {
  digestPlanContract,
  POSTAL_ADDRESS_REQUIRED_FROM,
  postalAddressContract,
} from '../../../lib/newsletter/digest-plan.ts'
import { getPostalAddress, setDigestPlan, setPostalAddress } from './digest-plan.repo.ts'
import { checkEmailAddress } from '../../../lib/newsletter/email-address.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { noStore } from '../../http/cache.ts'
import { ApiError, notFound } from '../../http/errors.ts'
import { idParams, jsonBody, queryParams } from '../../http/validate.ts'
import { jobView } from '../../jobs/job-view.ts'
import { getJob } from '../../repos/jobs.repo.ts'
import { getDigest, inDoubtAddresses, listDigests } from './digests.repo.ts'
import {
  eraseSubscriber,
  exportSubscribers,
  findSubscriberByEmail,
  growthSince,
  subscriberCounts,
  unsentConfirmations,
} from './newsletter.repo.ts'
import { getSchedulerConfig } from '../../repos/scheduler.repo.ts'
import { getScheduleTimes } from '../../repos/scheduler-runs.repo.ts'
import { siteTimeZone } from '../../repos/site-settings.repo.ts'
import { decideInDoubt, previewDigest, resumeDigest } from './digest.ts'
import { digestCampaign } from './compose.ts'
import { campaignFigures } from '../audience/index.ts'
import { sendTestDigest } from './test-send.ts'

const WEEKS_SHOWN = 12
const notConfigured = () =>
  new ApiError(409, `Mail is not configured: set ${MAIL_VARIABLES.join(' and ')} in the site's environment.`)

const lookupQuery = z.object({ email: z.string({ message: 'Please enter an email address.' }).max(300) })

/**
 * The Newsletter tab (System & Automation): counts, growth, the last digests with what became of
 * each recipient, a preview and a test send, an address's record, its erasure, and the CSV export.
 */
export const newsletterAdminRoutes = new Hono()
  .use(noStore())
  .get('/', async (c) => {
    const now = new Date()
    const [counts, growth, digests, unsent, config, times, timeZone, postalAddress] = await Promise.all([
      subscriberCounts(),
      growthSince(new Date(now.getTime() - WEEKS_SHOWN * 7 * 86_400_000)),
      listDigests(10),
      unsentConfirmations(now),
      getSchedulerConfig(),
      getScheduleTimes(),
      siteTimeZone(),
      getPostalAddress(),
    ])
    const jobs = await Promise.all(digests.map((d) => (d.jobId ? getJob(d.jobId) : undefined)))
    // What each digest brought: the visits through its links and the /go/ clicks made on those visits.
    const brought = await campaignFigures(digests.map((d) => digestCampaign(d.periodEnd)))
    return c.json({
      configured: c.var.platform.mail !== undefined,
      missing: c.var.platform.mail ? [] : [...MAIL_VARIABLES],
      counts,
      growth: weeklyGrowth(growth, now, WEEKS_SHOWN),
      unsentConfirmations: unsent,
      postalAddress,
      postalAddressRequiredFrom: POSTAL_ADDRESS_REQUIRED_FROM,
      schedule: {
        ...config.digest,
        schedulerEnabled: config.enabled,
        timeZone,
        nextRunAt: times.digest.nextRunAt,
      },
      digests: await Promise.all(
        digests.map(async (d, i) => {
          const job = jobs[i]
          const active = job ? job.status === 'queued' || job.status === 'running' : false
          return {
            id: d.id,
            subject: d.subject,
            status: d.status,
            createdAt: d.createdAt,
            finishedAt: d.finishedAt,
            periodStart: d.periodStart,
            periodEnd: d.periodEnd,
            articles: d.articleIds.length,
            recipients: d.recipients,
            counts: d.counts,
            lastError: d.lastError,
            jobId: d.jobId,
            campaign: digestCampaign(d.periodEnd),
            ...(brought.get(digestCampaign(d.periodEnd)) ?? { visits: 0, clicks: 0 }),
            active,
            // Claimed by a sender that stopped before it could mark them: the owner decides.
            inDoubt: active ? [] : d.counts.claimed > 0 ? await inDoubtAddresses(d.id) : [],
          }
        }),
      ),
    })
  })
  /** What a digest made now would be (the period's articles; the latest ones when there is none). */
  .get('/preview', async (c) => {
    const config = await getSchedulerConfig()
    return c.json(await previewDigest(config.digest.frequency, new Date()))
  })
  /** The owner's shape of the next digest: its intro, the order of its articles, those left out. */
  .put('/next-digest', jsonBody(digestPlanContract.schema), async (c) => {
    const plan = c.req.valid('json')
    await setDigestPlan(plan)
    recordWrite(c, { entity: 'newsletter', summary: 'Arranged the next digest' })
    const config = await getSchedulerConfig()
    return c.json(await previewDigest(config.digest.frequency, new Date()))
  })
  /** The sender's postal address, in every digest's footer (decision 0874). */
  .put('/postal-address', jsonBody(postalAddressContract.schema), async (c) => {
    const { postalAddress } = c.req.valid('json')
    await setPostalAddress(postalAddress)
    recordWrite(c, { entity: 'newsletter', summary: "Set the digest's postal address" })
    return c.json({ postalAddress })
  })
  /** 'Send test to me': the preview, to the address the owner types, subject marked [Test]. */
  .post('/test', jsonBody(newsletterTestContract.schema, 'Please enter a valid email address.'), async (c) => {
    const mail = c.var.platform.mail
    if (!mail) throw notConfigured()
    const { email } = c.req.valid('json')
    const config = await getSchedulerConfig()
    const sent = await sendTestDigest(mail, email, config.digest.frequency, new Date())
    if (sent.kind !== 'sent') throw new ApiError(502, `The mail server did not take the test: ${sent.reason}`)
    recordWrite(c, { entity: 'newsletter', summary: 'Sent a test digest' })
    return c.json({ message: `Test sent to ${email}.` })
  })
  /** One address's record and consents (an erasure or access request). */
  .get('/subscribers', queryParams(lookupQuery), async (c) => {
    const address = checkEmailAddress(c.req.valid('query').email)
    if (!address.ok) throw new ApiError(400, address.message)
    return c.json({ subscriber: (await findSubscriberByEmail(address.address)) ?? null })
  })
  /** Every address as CSV: email, status, dates, and the page of its consent. */
  .get('/subscribers/export', async (c) => {
    const rows = await exportSubscribers()
    const csv = csvRows([
      ['email', 'status', 'signed_up_at', 'confirmed_at', 'unsubscribed_at', 'bounced_at', 'consent_page'],
      ...rows.map((r) => [r.email, r.status, r.createdAt, r.confirmedAt, r.unsubscribedAt, r.bouncedAt, r.page]),
    ])
    const day = new Date().toISOString().slice(0, 10)
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="newsletter-subscribers-${day}.csv"`,
    })
  })
  /** An erasure request: the address, its consents and its place in every digest's list, gone. */
  .delete('/subscribers/:id', idParams(), async (c) => {
    const erased = await eraseSubscriber(c.req.valid('param').id)
    if (!erased) throw notFound('This address is not on the list.')
    // The audit log keeps that an address was erased, not which one.
    recordWrite(c, { entity: 'newsletter-subscriber', summary: 'Erased a newsletter address and its consent' })
    return c.json({ erased: true })
  })
  /** Recipients a stopped sender left claimed: resend to them, or skip them. */
  .post('/digests/:id/in-doubt', idParams(), jsonBody(inDoubtContract.schema), async (c) => {
    const id = c.req.valid('param').id
    const digest = await getDigest(id)
    if (!digest) throw notFound('Digest not found')
    const job = digest.jobId ? await getJob(digest.jobId) : undefined
    if (job && (job.status === 'queued' || job.status === 'running'))
      throw new ApiError(409, 'The digest is still being sent: decide once it has finished.')
    const { choice } = c.req.valid('json')
    const result = await decideInDoubt(c.var.platform, id, choice)
    recordWrite(c, {
      entity: 'newsletter-digest',
      id,
      summary: `${choice === 'resend' ? 'Resent' : 'Skipped'} ${result.changed} in-doubt recipient(s) of a digest`,
    })
    const started = result.jobId ? await getJob(result.jobId) : undefined
    return c.json({ changed: result.changed, job: started ? jobView(started) : null })
  })
  /** A stopped digest (the mail server did not take its messages) goes on where it stopped. */
  .post('/digests/:id/resume', idParams(), async (c) => {
    const id = c.req.valid('param').id
    if (!(await getDigest(id))) throw notFound('Digest not found')
    if (!c.var.platform.mail) throw notConfigured()
    const jobId = await resumeDigest(c.var.platform, id)
    if (!jobId) throw new ApiError(409, 'Only a stopped digest can be resumed.')
    recordWrite(c, { entity: 'newsletter-digest', id, summary: 'Resumed sending a digest' })
    const job = await getJob(jobId)
    return c.json({ job: job ? jobView(job) : null }, 202)
  })
