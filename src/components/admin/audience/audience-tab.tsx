import { useState } from 'react'
import { addDays, lastDays, RANGE_PRESETS, rangeProblem, type DayRange } from '../../../lib/audience/date-range.ts'
import { AUDIENCE_ROWS, AUDIENCE_ROWS_MAX, OTHER_VALUE, sourceLabel } from '../../../lib/audience/figures.ts'
import { utcDay } from '../../../lib/audience/visitor-hash.ts'
import { LoadError } from '../shared/load-error.tsx'
import { usePanelTime } from '../shared/use-time-zone.ts'
import { useItemClicks } from '../shared/use-link-figures.ts'
import { AudienceSettingsForm } from './audience-settings.tsx'
import { FigureTable, type FigureRow } from './figure-table.tsx'
import { LinkHealthPanel } from './link-health-panel.tsx'
import { useAnalyticsSettings, useAudienceSummary, type AudienceFigure } from './use-audience.ts'
import { ViewsChart } from './views-chart.tsx'

const number = (n: number) => n.toLocaleString('en-US')
/** A list's rows; the values counted together (OTHER_VALUE) under the list's own word for them. */
const rows = (
  figures: (AudienceFigure & { clicks?: number })[],
  label: (value: string) => string = (v) => v,
  other = 'Others',
): FigureRow[] =>
  figures.map((f) => ({
    key: f.value,
    label: f.value === OTHER_VALUE ? other : label(f.value),
    views: f.views,
    visitors: f.visitors,
    clicks: f.clicks,
  }))

/**
 * The Audience tab (docs/decisions/0850-0854): visitors and page views per day, top pages and
 * articles, sources and campaigns, devices and purchase-link clicks for a range of days; the
 * counting settings and link health. Counted without cookies: visitors are per day.
 */
export default function AudienceTab() {
  const today = utcDay(new Date())
  const time = usePanelTime()
  // The figures' days are UTC's: said on the site's clock (issue 36), '01:00 GMT+1' in Berlin's winter.
  const dayStart = `${time.clock(`${today}T00:00:00Z`)} ${time.name(`${today}T00:00:00Z`)}`
  const [range, setRange] = useState<DayRange>(lastDays(today, 30))
  const [draft, setDraft] = useState<DayRange>(range)
  // Each list's rows: the first ones, and up to the most the API gives once the owner asks for more.
  const [listRows, setListRows] = useState(AUDIENCE_ROWS)
  const summary = useAudienceSummary(range, listRows)
  const settings = useAnalyticsSettings()
  const clicks = useItemClicks()
  const problem = rangeProblem(draft, today)
  const preset = RANGE_PRESETS.find((days) => range.to === today && range.from === addDays(today, 1 - days))
  const choose = (next: DayRange) => {
    setDraft(next)
    setRange(next)
  }
  const data = summary.data
  const showMore = listRows < AUDIENCE_ROWS_MAX ? () => setListRows(AUDIENCE_ROWS_MAX) : undefined
  const sampled = (settings.data?.sampleRate ?? 1) > 1

  return (
    <div className="flex flex-col gap-6">
      <h2 className="section-title">Audience</h2>
      <p className="max-w-3xl text-gray-300">
        Counted without cookies: a visitor is counted once a day (a reader on two days counts twice), and bots,
        prefetches, browsers that ask not to be tracked and your own visits are not counted. A day runs from {dayStart}{' '}
        to {dayStart}.
      </p>

      <section aria-labelledby="range-title" className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4">
        <h3 id="range-title" className="text-base font-bold text-white">
          Date range
        </h3>
        <div className="flex flex-wrap items-end gap-3">
          {RANGE_PRESETS.map((days) => (
            <button
              key={days}
              type="button"
              className={preset === days ? 'btn-primary' : 'btn-outline'}
              aria-pressed={preset === days}
              onClick={() => choose(lastDays(today, days))}
            >
              Last {days} days
            </button>
          ))}
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(event) => {
              event.preventDefault()
              if (!problem) setRange(draft)
            }}
          >
            <label className="flex flex-col gap-1 text-sm font-semibold text-gray-200">
              From
              <input
                type="date"
                className="field"
                value={draft.from}
                max={today}
                onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
              />
            </label>
            <label className="flex flex-col gap-1 text-sm font-semibold text-gray-200">
              To
              <input
                type="date"
                className="field"
                value={draft.to}
                max={today}
                onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
              />
            </label>
            <button type="submit" className="btn-outline" disabled={Boolean(problem)}>
              Show range
            </button>
          </form>
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-300">
            {problem}
          </p>
        )}
      </section>

      {summary.isError && <LoadError text="Error loading the audience figures." onRetry={() => summary.refetch()} />}
      {!data && summary.isPending && <p className="text-gray-300">Loading the audience figures...</p>}
      {data && (
        <div className="flex flex-col gap-6" aria-busy={summary.isFetching}>
          <dl className="grid grid-cols-2 gap-4 sm:max-w-md">
            <div className="rounded-xl border border-line bg-panel p-4">
              <dt className="text-sm text-gray-300">Page views</dt>
              <dd className="text-2xl font-bold text-white tabular-nums">{number(data.totals.views)}</dd>
            </div>
            <div className="rounded-xl border border-line bg-panel p-4">
              <dt className="text-sm text-gray-300">Visitors (per day, added up)</dt>
              <dd className="text-2xl font-bold text-white tabular-nums">{number(data.totals.visitors)}</dd>
            </div>
          </dl>
          {sampled && (
            <p className="text-sm text-amber-200">
              Counting one view in {settings.data?.sampleRate}: the figures since then are estimates.
            </p>
          )}
          <ViewsChart summary={data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <FigureTable
              caption="Top pages"
              more={data.more.pages}
              onShowMore={showMore}
              column="Page"
              rows={rows(data.pages)}
              empty="No page views in this range."
            />
            <FigureTable
              caption="Top articles"
              more={data.more.articles}
              onShowMore={showMore}
              column="Article"
              rows={data.articles.map((a) => ({
                key: a.value,
                label: (
                  <a href={a.value} target="_blank" rel="noopener" className="text-sky-300 underline">
                    {a.title}
                  </a>
                ),
                views: a.views,
                visitors: a.visitors,
              }))}
              empty="No article read in this range."
            />
            <FigureTable
              caption="Sources"
              more={data.more.sources}
              onShowMore={showMore}
              column="Source"
              rows={rows(data.sources, sourceLabel, 'Other sources')}
              empty="No visits in this range."
            />
            <FigureTable
              caption="Campaigns (utm_campaign)"
              more={data.more.campaigns}
              onShowMore={showMore}
              column="Campaign"
              clicks
              rows={rows(data.campaigns, undefined, 'Other campaigns')}
              empty="No campaign links in this range."
            />
            <FigureTable
              caption="Mediums (utm_medium)"
              more={data.more.mediums}
              onShowMore={showMore}
              column="Medium"
              rows={rows(data.mediums, undefined, 'Other mediums')}
              empty="No campaign links in this range."
            />
            <FigureTable
              caption="Devices"
              more={data.more.devices}
              onShowMore={showMore}
              column="Device"
              rows={rows(data.devices, (v) => v.charAt(0).toUpperCase() + v.slice(1))}
              empty="No visits in this range."
            />
          </div>
        </div>
      )}

      <section aria-labelledby="clicks-title" className="rounded-xl border border-line bg-panel p-4">
        <table className="w-full text-left text-sm">
          <caption id="clicks-title" className="mb-2 text-left text-base font-bold text-white">
            Purchase-link clicks
          </caption>
          <thead className="text-gray-300">
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Kind</th>
              <th scope="col" className="text-right">
                Last 7 days
              </th>
              <th scope="col" className="text-right">
                Last 30 days
              </th>
            </tr>
          </thead>
          <tbody>
            {clicks.isPending && (
              <tr>
                <td colSpan={4}>Loading...</td>
              </tr>
            )}
            {clicks.data && clicks.data.items.filter((i) => i.clicks30 > 0).length === 0 && (
              <tr>
                <td colSpan={4} className="text-gray-300">
                  No purchase link or game website was clicked in the last 30 days.
                </td>
              </tr>
            )}
            {clicks.data?.items
              .filter((i) => i.clicks30 > 0)
              .map((item) => (
                <tr key={`${item.kind}:${item.id}`} className="border-t border-line">
                  <td className="py-1 pr-2">{item.name}</td>
                  <td className="py-1 pr-2">{item.kind === 'hardware' ? 'Hardware' : 'Game'}</td>
                  <td className="py-1 text-right tabular-nums">{number(item.clicks7)}</td>
                  <td className="py-1 text-right tabular-nums">{number(item.clicks30)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </section>

      <LinkHealthPanel />
      {settings.isError && <LoadError text="Error loading the counting settings." onRetry={() => settings.refetch()} />}
      {settings.data && <AudienceSettingsForm key={JSON.stringify(settings.data)} stored={settings.data} />}
    </div>
  )
}
