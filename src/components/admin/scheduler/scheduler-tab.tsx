import { useState } from 'react'
import { everyMinute, scheduleText } from '../../../lib/admin/scheduler-rules.ts'
import { SwitchField } from '../../ui/switch-field.tsx'
import { SchedulerRuns } from './scheduler-runs.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import type { AdminSchedulerConfig } from '../shared/types.ts'
import { useUnsavedChanges } from '../shared/unsaved.ts'
import { JobBlock } from './job-block.tsx'
import { useEstimateNow, useSaveSchedulerConfig, useSchedulerConfig, useTestModeEstimate } from './use-scheduler.ts'
import { ChampionshipsField } from './championships-field.tsx'
import { confirmTestMode, testModeCostText } from './test-mode-cost.ts'
import { LoadError } from '../shared/load-error.tsx'
import { useTimeZone } from '../shared/use-time-zone.ts'

/** Scheduler tab: the configuration form and the test-mode control (runs come with the AI issue). */
export default function SchedulerTab() {
  const config = useSchedulerConfig()
  if (config.isPending) return <p className="text-gray-300">Loading schedule settings...</p>
  if (config.isError) return <LoadError text="Error loading schedule settings." onRetry={() => config.refetch()} />
  return <SchedulerForm stored={config.data} />
}

type Form = Pick<
  AdminSchedulerConfig,
  | 'enabled'
  | 'standings'
  | 'news'
  | 'championships'
  | 'streams'
  | 'games'
  | 'refreshStreams'
  | 'refreshGames'
  | 'digest'
>

const formOf = (c: AdminSchedulerConfig): Form => ({
  enabled: c.enabled,
  standings: c.standings,
  news: c.news,
  championships: c.championships,
  streams: c.streams,
  games: c.games,
  refreshStreams: c.refreshStreams,
  refreshGames: c.refreshGames,
  digest: c.digest,
})

function SchedulerForm({ stored }: { stored: AdminSchedulerConfig }) {
  const [form, setForm] = useState<Form>(formOf(stored))
  const save = useSaveSchedulerConfig()
  const testMode = useSaveSchedulerConfig()
  const estimate = useTestModeEstimate()
  const estimateNow = useEstimateNow()
  // Every job runs on the site's clock (System tab; docs/decisions/0512, 0802).
  const zone = useTimeZone()
  const dirty = JSON.stringify(form) !== JSON.stringify(formOf(stored))
  useUnsavedChanges(dirty)

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    save.mutate(form, {
      onSuccess: () => notify.success('Schedule Settings Saved'),
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Error', 'Failed to save schedule settings', error)
      },
    })
  }
  const toggleTestMode = async () => {
    const enable = !stored.testMode
    // Test mode spends money every 2 minutes: the owner sees how much before it starts.
    if (enable && !(await confirmTestMode(await estimateNow()))) return
    // Test mode: every 2 minutes, news and standings, for the spec's two championships.
    const update = enable
      ? { testMode: true, testIntervalMinutes: 2, generateNews: true, refreshStandings: true }
      : { testMode: false }
    testMode.mutate(update, {
      onSuccess: () => notify.success(enable ? 'Test Mode Enabled' : 'Test Mode Disabled'),
      onError: (error) => {
        if (!isUnauthorized(error))
          notify.failed('Error', enable ? 'Failed to enable test mode' : 'Failed to disable test mode', error)
      },
    })
  }

  return (
    <div className="flex flex-col gap-6">
      <h2 className="section-title">Scheduler</h2>
      <form onSubmit={submit} className="flex max-w-3xl flex-col gap-6">
        <div className="rounded-xl border border-line bg-panel p-5">
          <SwitchField
            label="Enable scheduler"
            description={`Runs the jobs below automatically at their times, on the clock of ${zone} (the site's time zone, System tab).`}
            checked={form.enabled}
            onChange={(enabled) => setForm((f) => ({ ...f, enabled }))}
          />
        </div>
        <JobBlock
          title="Standings refresh"
          job={form.standings}
          zone={zone}
          onChange={(standings) => setForm((f) => ({ ...f, standings }))}
        />
        <JobBlock
          title="News generation"
          job={form.news}
          zone={zone}
          onChange={(news) => setForm((f) => ({ ...f, news }))}
        />
        <ChampionshipsField
          value={form.championships}
          onChange={(championships) => setForm((f) => ({ ...f, championships }))}
        />
        <JobBlock
          title="Stream refresh"
          job={form.streams}
          zone={zone}
          onChange={(streams) => setForm((f) => ({ ...f, streams }))}
        />
        <JobBlock
          title="Game refresh"
          job={form.games}
          zone={zone}
          onChange={(games) => setForm((f) => ({ ...f, games }))}
        />
        <JobBlock
          title="Newsletter digest"
          description="The week's (or day's) new articles to every confirmed subscriber (Newsletter tab). Nothing is sent when nothing new was published."
          job={form.digest}
          zone={zone}
          minutes={everyMinute}
          onChange={(digest) => setForm((f) => ({ ...f, digest }))}
        />
        <fieldset className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5">
          <legend className="px-1 text-lg font-bold text-white">Flags</legend>
          <SwitchField
            label="Refresh streams"
            description="Live status, viewers, titles and thumbnails from Twitch and YouTube. Off: the scheduler never starts a stream refresh."
            checked={form.refreshStreams}
            onChange={(refreshStreams) => setForm((f) => ({ ...f, refreshStreams }))}
          />
          <SwitchField
            label="Refresh games"
            description="Price, description and picture from the Steam store. Off: the scheduler never starts a game refresh."
            checked={form.refreshGames}
            onChange={(refreshGames) => setForm((f) => ({ ...f, refreshGames }))}
          />
        </fieldset>
        <div>
          <button type="submit" className="btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Schedule Settings'}
          </button>
        </div>
      </form>
      <section
        aria-labelledby="test-mode-title"
        className="flex max-w-3xl flex-col gap-3 rounded-xl border border-line bg-panel p-5"
      >
        <h3 id="test-mode-title" className="text-lg font-bold text-white">
          Test mode
        </h3>
        <p className="text-gray-300">
          Status: <strong className="text-white">{stored.testMode ? 'Test Mode Active' : 'Normal'}</strong>
          {stored.testMode &&
            ` · every ${stored.testIntervalMinutes} minutes for ${estimate.data?.championships.join(', ') ?? 'Formula 1, IndyCar Series'}`}
        </p>
        {stored.testMode && !stored.enabled && (
          <p className="text-amber-300">
            Test mode runs only while the scheduler is enabled: switch on Enable scheduler above and save.
          </p>
        )}
        <p className="text-sm text-gray-400">
          Each test run makes four AI calls (two articles, two standings), every 2 minutes while test mode is on: they
          count against the monthly AI budget.
          {estimate.data && ` Estimated: ${testModeCostText(estimate.data)}.`}
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="btn-outline"
            disabled={testMode.isPending}
            aria-busy={testMode.isPending}
            onClick={toggleTestMode}
          >
            {stored.testMode ? 'Disable Test Mode' : 'Enable Test Mode'}
          </button>
        </div>
      </section>
      <section
        aria-labelledby="schedule-status-title"
        className="flex max-w-3xl flex-col gap-2 rounded-xl border border-line bg-panel p-5"
      >
        <h3 id="schedule-status-title" className="text-lg font-bold text-white">
          Schedule
        </h3>
        <p className="text-gray-300">
          Standings: {stored.enabled && stored.standings.enabled ? scheduleText(stored.standings, zone) : 'Off'}
        </p>
        <p className="text-gray-300">
          News: {stored.enabled && stored.news.enabled ? scheduleText(stored.news, zone) : 'Off'}
        </p>
        <p className="text-gray-300">
          Streams:{' '}
          {stored.enabled && stored.refreshStreams && stored.streams.enabled
            ? scheduleText(stored.streams, zone)
            : 'Off'}
        </p>
        <p className="text-gray-300">
          Games:{' '}
          {stored.enabled && stored.refreshGames && stored.games.enabled ? scheduleText(stored.games, zone) : 'Off'}
        </p>
        <p className="text-gray-300">
          Newsletter digest: {stored.enabled && stored.digest.enabled ? scheduleText(stored.digest, zone) : 'Off'}
        </p>
      </section>
      <div className="max-w-3xl">
        <SchedulerRuns />
      </div>
    </div>
  )
}
