import { scheduleText } from '../../../lib/admin/scheduler-rules.ts'
import type { PanelTime } from '../../../lib/panel-time.ts'
import { LoadError } from '../shared/load-error.tsx'
import { usePanelTime } from '../shared/use-time-zone.ts'
import { DigestPreview } from './digest-preview.tsx'
import { DigestsList } from './digests-list.tsx'
import { GrowthChart } from './growth-chart.tsx'
import { PostalAddressForm } from './postal-address-form.tsx'
import { SubscriberLookup } from './subscriber-lookup.tsx'
import { useNewsletter, type NewsletterOverview } from './use-newsletter.ts'

const countLabels = [
  ['confirmed', 'Confirmed'],
  ['pending', 'Pending'],
  ['unsubscribed', 'Unsubscribed'],
  ['bounced', 'Bounced'],
] as const

/**
 * Newsletter (System & Automation; docs/decisions/0800-0803): who is subscribed, growth per week,
 * the next digest and a test send, the last digests and what became of them, an address's record
 * and its erasure, and the CSV export. Without mail settings it says what to set.
 */
export default function NewsletterTab() {
  const overview = useNewsletter()
  const time = usePanelTime()
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <h2 className="section-title">Newsletter</h2>
      {overview.isPending ? (
        <p className="text-gray-300">Loading newsletter...</p>
      ) : overview.isError ? (
        <LoadError text="Error loading the newsletter." onRetry={() => overview.refetch()} />
      ) : (
        <Overview data={overview.data} time={time} />
      )}
    </div>
  )
}

function Overview({ data, time }: { data: NewsletterOverview; time: PanelTime }) {
  const schedule = data.schedule
  return (
    <>
      {!data.configured && (
        <p role="note" className="rounded border border-amber-700 bg-amber-950/40 p-3 text-sm text-amber-100">
          Email is not configured: the site shows no sign-up form and sends no digest. Set{' '}
          {data.missing.map((name, i) => (
            <span key={name}>
              {i > 0 && ' and '}
              <code>{name}</code>
            </span>
          ))}{' '}
          in the site&apos;s environment (docs/newsletter.md; <code>npm run fake:smtp</code> prints the two lines to try
          it offline).
        </p>
      )}
      <section
        aria-labelledby="subscribers-title"
        className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="subscribers-title" className="text-lg font-bold text-white">
            Subscribers
          </h3>
          <a href="/api/admin/newsletter/subscribers/export" download className="btn-outline">
            Export CSV
          </a>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {countLabels.map(([key, label]) => (
            <div key={key} className="rounded-lg border border-line p-3">
              <dt className="text-sm text-gray-300">{label}</dt>
              <dd className="text-2xl font-bold text-white tabular-nums">{data.counts[key].toLocaleString('en-US')}</dd>
            </div>
          ))}
        </dl>
        {data.unsentConfirmations.count > 0 && (
          <p role="note" className="text-sm text-amber-200">
            {data.unsentConfirmations.count} confirmation {data.unsentConfirmations.count === 1 ? 'email' : 'emails'} of
            the last week could not be sent: {data.unsentConfirmations.lastError}
          </p>
        )}
        <GrowthChart weeks={data.growth} />
      </section>
      <section
        aria-labelledby="schedule-title"
        className="flex flex-col gap-2 rounded-xl border border-line bg-panel p-5"
      >
        <h3 id="schedule-title" className="text-lg font-bold text-white">
          Schedule
        </h3>
        <p className="text-gray-300">
          {schedule.enabled && schedule.schedulerEnabled
            ? `${scheduleText(schedule, schedule.timeZone)}${schedule.nextRunAt ? `; next: ${time.dateTime(schedule.nextRunAt)}` : ''}.`
            : schedule.enabled
              ? 'The digest is on, but the scheduler is off: switch on Enable scheduler in the Scheduler tab.'
              : 'The digest is off.'}{' '}
          <a href="/admin?tab=scheduler" className="text-sky-300 underline">
            Set it in the Scheduler tab
          </a>
          .
        </p>
      </section>
      <DigestPreview time={time} configured={data.configured} />
      <PostalAddressForm
        saved={data.postalAddress}
        requiredFrom={data.postalAddressRequiredFrom}
        confirmed={data.counts.confirmed}
      />
      <section
        aria-labelledby="digests-title"
        className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5"
      >
        <h3 id="digests-title" className="text-lg font-bold text-white">
          Last digests
        </h3>
        <DigestsList digests={data.digests} time={time} />
      </section>
      <SubscriberLookup time={time} />
    </>
  )
}
