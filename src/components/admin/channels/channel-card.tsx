import { useState } from 'react'
import type { ChannelKind } from '../../../lib/channels/messages.ts'
import { blueskyContract, discordContract, mastodonContract } from '../../../lib/forms/channels.ts'
import { formProblem, type FormProblem } from '../../../lib/forms/contract.ts'
import type { PanelTime } from '../../../lib/panel-time.ts'
import { TextField } from '../../ui/text-field.tsx'
import { confirmAction } from '../shared/confirm.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { failureDetail, notify } from '../shared/toast.ts'
import { useUnsavedChanges } from '../shared/unsaved.ts'
import { ChannelDeliveries } from './channel-deliveries.tsx'
import {
  useDisconnectChannel,
  useResumeChannel,
  useSaveChannel,
  useTestChannel,
  type ChannelInput,
  type ChannelView,
} from './use-channels.ts'

interface FieldSpec {
  name: string
  label: string
  type?: 'url' | 'password' | 'text'
  placeholder?: string
  hint?: string
  /** The credential itself, or another field the network needs: the form is not sent without it. */
  required?: string
}

/** Each network's connect form: what its owner copies from the network, in the network's words. */
const connectFields: Record<ChannelKind, FieldSpec[]> = {
  discord: [
    {
      name: 'webhookUrl',
      label: 'Discord webhook URL',
      type: 'url',
      placeholder: 'https://discord.com/api/webhooks/…',
      hint: 'In Discord: Server Settings, Integrations, Webhooks, New Webhook, Copy Webhook URL.',
      required: 'Paste the webhook URL Discord gives.',
    },
  ],
  bluesky: [
    {
      name: 'handle',
      label: 'Bluesky handle',
      placeholder: 'simracing.bsky.social',
      required: 'Enter the Bluesky handle, such as simracing.bsky.social.',
    },
    {
      name: 'appPassword',
      label: 'App password',
      type: 'password',
      hint: 'In Bluesky: Settings, Privacy and security, App passwords, Add App Password. Not the account password.',
      required: 'Enter an app password of the account.',
    },
    {
      name: 'serverUrl',
      label: 'Server',
      type: 'url',
      placeholder: 'https://bsky.social',
      hint: 'Optional: only for an account on a server of its own.',
    },
  ],
  mastodon: [
    {
      name: 'serverUrl',
      label: 'Mastodon instance',
      type: 'url',
      placeholder: 'https://mastodon.social',
      required: 'Enter the Mastodon instance address, such as https://mastodon.social.',
    },
    {
      name: 'accessToken',
      label: 'Access token',
      type: 'password',
      hint: 'In Mastodon: Preferences, Development, New Application (scopes read:accounts and write:statuses), then "Your access token".',
      required: 'Paste the access token of the application.',
    },
  ],
}

/** The form the route would refuse, checked with its own contract (src/lib/forms/channels.ts). */
function connectProblem(kind: ChannelKind, values: Record<string, string>): FormProblem | null {
  const missing = connectFields[kind].find((f) => f.required && !values[f.name]?.trim())
  if (missing) return { title: 'Missing Information', description: missing.required! }
  if (kind === 'discord') return formProblem(discordContract, values)
  if (kind === 'bluesky') return formProblem(blueskyContract, values)
  return formProblem(mastodonContract, values)
}

const failed = (title: string) => (error: unknown) => {
  if (!isUnauthorized(error)) notify.failure(title, failureDetail(error))
}

interface Props {
  channel: ChannelView
  /** SECRETS_KEY is set: a credential can be kept (the server answers 409 without it). */
  canKeepSecrets: boolean
  time: PanelTime
}

/** One network: its connect form, or the account it posts as, what it announces, its state and last deliveries. */
export function ChannelCard({ channel, canKeepSecrets, time }: Props) {
  const titleId = `channel-${channel.kind}-title`
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5">
      <h3 id={titleId} className="text-lg font-bold text-white">
        {channel.label}
      </h3>
      {channel.connected ? (
        <Connected channel={channel} time={time} />
      ) : (
        <ConnectForm kind={channel.kind} label={channel.label} canKeepSecrets={canKeepSecrets} />
      )}
    </section>
  )
}

function ConnectForm({ kind, label, canKeepSecrets }: { kind: ChannelKind; label: string; canKeepSecrets: boolean }) {
  const fields = connectFields[kind]
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, ''])),
  )
  const save = useSaveChannel()
  useUnsavedChanges(Object.values(values).some((v) => v.trim() !== ''))

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    const problem = connectProblem(kind, values)
    if (problem) return notify.problem(problem)
    // An optional field left empty is not sent: the server takes its default (Bluesky's bsky.social).
    const json = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''))
    save.mutate(
      { kind, json: json as ChannelInput[typeof kind] },
      {
        onSuccess: (view) => notify.success(`${label} Connected`, `Posting as ${view.account}.`),
        onError: failed(`${label} Not Connected`),
      },
    )
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-gray-300">
        Not connected: new articles and race results are not announced on {label}.
      </p>
      {fields.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          type={f.type ?? 'text'}
          placeholder={f.placeholder}
          hint={f.hint}
          autoComplete={f.type === 'password' ? 'off' : undefined}
          spellCheck={false}
          value={values[f.name] ?? ''}
          onChange={(value) => setValues((v) => ({ ...v, [f.name]: value }))}
        />
      ))}
      <div>
        <button
          type="submit"
          className="btn-primary"
          disabled={!canKeepSecrets || save.isPending}
          aria-busy={save.isPending}
        >
          {save.isPending ? 'Connecting...' : 'Connect'}
        </button>
      </div>
    </form>
  )
}

const switchLabels = { announceArticles: 'Announce articles', announceResults: 'Announce race results' } as const
type SwitchName = keyof typeof switchLabels

function Connected({ channel, time }: { channel: ChannelView; time: PanelTime }) {
  const { kind, label } = channel
  const save = useSaveChannel()
  const test = useTestChannel()
  const resume = useResumeChannel()
  const disconnect = useDisconnectChannel()
  // The box follows the click at once (a controlled box would spring back until the save's state
  // arrives), then shows what is stored once the list is read again, or after a refusal.
  const [clicked, setClicked] = useState<Partial<Record<SwitchName, boolean>>>({})
  const checked = (name: SwitchName) => clicked[name] ?? channel[name]

  const toggle = (name: SwitchName, on: boolean) => {
    setClicked((c) => ({ ...c, [name]: on }))
    save.mutate(
      { kind, json: { [name]: on } },
      {
        onSuccess: () =>
          notify.success(
            'Saved',
            `${label} ${on ? 'announces' : 'does not announce'} ${name === 'announceArticles' ? 'articles' : 'race results'}.`,
          ),
        onError: failed('Not Saved'),
        onSettled: () => setClicked({}),
      },
    )
  }

  const onDisconnect = async () => {
    const ok = await confirmAction({
      title: `Disconnect ${label}?`,
      description: `Nothing more is announced on ${label}, and the site forgets its credential: connecting again needs it.`,
      action: 'Disconnect',
    })
    if (!ok) return
    disconnect.mutate(kind, {
      onSuccess: () => notify.success(`${label} Disconnected`),
      onError: failed('Disconnect Failed'),
    })
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-gray-200">
        Connected as <strong className="text-white">{channel.account}</strong>
        {channel.serverUrl && <span className="text-gray-300"> on {new URL(channel.serverUrl).host}</span>}
      </p>
      {channel.paused && (
        <div role="alert" className="flex flex-col gap-2 rounded border border-amber-700 bg-amber-950/40 p-3 text-sm">
          <p className="text-amber-100">
            {label} is paused since {time.dateTime(channel.paused.at)}: {channel.paused.reason} Its messages wait until
            it is resumed.
          </p>
          <div>
            <button
              type="button"
              className="btn-outline"
              disabled={resume.isPending}
              onClick={() =>
                resume.mutate(kind, {
                  onSuccess: () => notify.success(`${label} Resumed`, 'The waiting messages are sent now.'),
                  onError: failed('Resume Failed'),
                })
              }
            >
              Resume
            </button>
          </div>
        </div>
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-gray-200">What {label} announces</legend>
        {(Object.keys(switchLabels) as SwitchName[]).map((name) => (
          <label key={name} className="flex items-center gap-2 text-gray-100">
            <input
              type="checkbox"
              className="h-4 w-4 accent-red-500"
              checked={checked(name)}
              disabled={save.isPending}
              onChange={(event) => toggle(name, event.target.checked)}
            />
            {switchLabels[name]}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-outline"
          disabled={test.isPending || channel.paused !== null}
          aria-busy={test.isPending}
          onClick={() =>
            test.mutate(kind, {
              onSuccess: () => notify.success('Test Sent', `A test message is on its way to ${label}.`),
              onError: failed('Test Not Sent'),
            })
          }
        >
          Send Test
        </button>
        <button
          type="button"
          className="btn-outline"
          disabled={disconnect.isPending}
          onClick={() => void onDisconnect()}
        >
          Disconnect
        </button>
      </div>
      <div className="flex flex-col gap-2">
        <h4 className="font-semibold text-white">Last deliveries</h4>
        <ChannelDeliveries label={label} deliveries={channel.deliveries} time={time} />
      </div>
    </div>
  )
}
