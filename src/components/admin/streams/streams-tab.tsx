import type { FormText } from '../../../lib/forms/contract.ts'
import type { PanelTime } from '../../../lib/panel-time.ts'
import { streamContract, tagsToText, type StreamBody } from '../../../lib/forms/stream.ts'
import { SwitchField } from '../../ui/switch-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { TextareaField } from '../../ui/textarea-field.tsx'
import { EntityManager } from '../shared/entity-manager.tsx'
import { RefreshBar } from '../shared/refresh-bar.tsx'
import { useRefreshStatus } from '../shared/use-refresh-jobs.ts'
import { ImageChooser } from '../shared/image-chooser.tsx'
import type { AdminStream } from '../shared/types.ts'
import { streamHooks } from './use-streams.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'

/** What the form holds: the contract's fields as text (tags comma-separated, times datetime-local). */
type Form = FormText<Omit<StreamBody, 'featured'>>

// Spec 001: category defaults to 'Racing', the viewer count field to '0'.
const blank: Form = {
  title: '',
  category: 'Racing',
  description: '',
  streamUrl: '',
  thumbnailUrl: '',
  streamerName: '',
  startTime: '',
  endTime: '',
  isLive: false,
  viewerCount: '0',
  tags: '',
  platformTexts: false,
}

/**
 * The server parses the text; the times are typed on the site's clock (its time zone, System tab)
 * and go as instants. A value that names no time goes as typed, and the API says why.
 */
const toInput =
  (time: PanelTime) =>
  (f: Form): StreamBody => ({
    ...f,
    startTime: f.startTime.trim() ? (time.fromInput(f.startTime) ?? f.startTime) : '',
    endTime: f.endTime.trim() ? (time.fromInput(f.endTime) ?? f.endTime) : '',
  })

type RefreshStatus = NonNullable<ReturnType<typeof useRefreshStatus>['data']>

/** What the owner must set before streams on a platform are refreshed (the API's 503 says the same). */
function keysNote(status: RefreshStatus | undefined): string | undefined {
  const missing = (['twitch', 'youtube'] as const).filter((p) => status && !status[p].configured)
  if (!status || missing.length === 0) return undefined
  const names = missing.map((p) => (p === 'twitch' ? 'Twitch' : 'YouTube')).join(' and ')
  const variables = missing.flatMap((p) => status[p].missing).join(', ')
  return `${names} ${missing.length > 1 ? 'are' : 'is'} not configured: set ${variables} in the environment to refresh ${
    missing.length > 1 ? 'streams' : `${names} streams`
  }.`
}

/** Streams tab: LIVE with the viewer count when live, OFFLINE otherwise; tags comma-separated. */
export default function StreamsTab() {
  const status = useRefreshStatus()
  const time = usePanelTime()
  return (
    <EntityManager<AdminStream, Form, StreamBody>
      slot={<RefreshBar target="streams" note={keysNote(status.data)} />}
      slotLoading={status.isPending}
      texts={{
        title: 'Streams Management',
        formTitle: { add: 'Add New Stream', edit: 'Edit Stream' },
        submit: { add: 'Add Stream', edit: 'Update Stream' },
        listTitle: (count) => `Your Streams (${count})`,
        empty: 'No streams yet: add the first one above.',
        added: ['Stream Added', 'The stream has been added to the website.'],
        updated: ['Stream Updated'],
        deleted: ['Stream Deleted'],
        addFailed: ['Error', 'Failed to add stream'],
        updateFailed: ['Error', 'Failed to update stream'],
        deleteFailed: ['Error', 'Failed to delete stream'],
        deleteQuestion: (s) => `Delete the stream "${s.title}"? This cannot be undone.`,
        itemName: (s) => s.title,
      }}
      history="stream"
      hooks={streamHooks}
      blank={blank}
      fromItem={(s) => ({
        title: s.title,
        category: s.category,
        description: s.description,
        streamUrl: s.streamUrl ?? '',
        thumbnailUrl: s.thumbnailUrl,
        streamerName: s.streamerName,
        isLive: s.isLive,
        viewerCount: String(s.viewerCount),
        startTime: time.toInput(s.startTime),
        endTime: time.toInput(s.endTime),
        tags: tagsToText(s.tags),
        platformTexts: s.platformTexts,
      })}
      contract={streamContract}
      alwaysSent={['title', 'streamUrl']}
      toInput={toInput(time)}
      fields={(f, set) => (
        <>
          <TextField label="Stream Title" value={f.title} onChange={(title) => set({ title })} required />
          <TextField
            label="Stream URL"
            type="url"
            value={f.streamUrl}
            onChange={(streamUrl) => set({ streamUrl })}
            required
          />
          <TextField label="Streamer name" value={f.streamerName} onChange={(streamerName) => set({ streamerName })} />
          <TextField label="Category" value={f.category} onChange={(category) => set({ category })} />
          <TextField
            label="Viewer count"
            inputMode="numeric"
            value={f.viewerCount}
            onChange={(viewerCount) => set({ viewerCount })}
          />
          <TextField
            label="Tags"
            hint="Comma-separated, e.g. GT3, Endurance"
            value={f.tags}
            onChange={(tags) => set({ tags })}
          />
          <TextField
            label="Start time"
            type="datetime-local"
            hint={`On the clock of ${time.zone}, the site's time zone.`}
            value={f.startTime}
            onChange={(startTime) => set({ startTime })}
          />
          <TextField
            label="End time"
            type="datetime-local"
            hint={`On the clock of ${time.zone}.`}
            value={f.endTime}
            onChange={(endTime) => set({ endTime })}
          />
          <div className="md:col-span-2">
            <SwitchField label="Live now" checked={f.isLive} onChange={(isLive) => set({ isLive })} />
          </div>
          <div className="md:col-span-2">
            <SwitchField
              label="Title and thumbnail from Twitch or YouTube"
              description="Off: Refresh Streams keeps your title and thumbnail and only updates live status and viewers."
              checked={f.platformTexts}
              onChange={(platformTexts) => set({ platformTexts })}
            />
          </div>
          <TextareaField
            className="md:col-span-2"
            label="Description"
            value={f.description}
            onChange={(description) => set({ description })}
          />
          <div className="md:col-span-2">
            <ImageChooser label="Thumbnail" value={f.thumbnailUrl} onChange={(thumbnailUrl) => set({ thumbnailUrl })} />
          </div>
        </>
      )}
      item={(s) => (
        <div>
          <p className="font-bold text-white">{s.title}</p>
          <p className="text-sm">
            {s.isLive ? (
              <span className="font-bold text-red-300">LIVE · {s.viewerCount.toLocaleString('en-US')} viewers</span>
            ) : (
              <span className="font-bold text-gray-300">OFFLINE</span>
            )}
            <span className="text-gray-300"> · {[s.streamerName, s.category].filter(Boolean).join(' · ')}</span>
          </p>
          {s.tags.length > 0 && <p className="text-sm text-gray-400">Tags: {tagsToText(s.tags)}</p>}
        </div>
      )}
    />
  )
}
