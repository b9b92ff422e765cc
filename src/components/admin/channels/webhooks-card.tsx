import { useState } from 'react'
import { webhookContract } from '../../../lib/forms/channels.ts'
import { formProblem } from '../../../lib/forms/contract.ts'
import type { PanelTime } from '../../../lib/panel-time.ts'
import { siteEventLabels, type SiteEventKind } from '../../../lib/site-events.ts'
import { SwitchField } from '../../ui/switch-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { confirmAction } from '../shared/confirm.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { failureDetail, notify } from '../shared/toast.ts'
import { useUnsavedChanges } from '../shared/unsaved.ts'
import {
  useAddWebhook,
  useRedeliver,
  useRemoveWebhook,
  useUpdateWebhook,
  type ChannelsOverview,
  type WebhookView,
} from './use-channels.ts'

const failed = (title: string) => (error: unknown) => {
  if (!isUnauthorized(error)) notify.failure(title, failureDetail(error))
}

const eventLabel = (kind: string) => siteEventLabels[kind as SiteEventKind] ?? kind

/** The ledger's states (webhook_deliveries_status_valid) in words. */
const statusText: Record<string, string | undefined> = {
  waiting: 'Waiting',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
}

interface Props {
  webhooks: readonly WebhookView[]
  events: ChannelsOverview['events']
  canKeepSecrets: boolean
  time: PanelTime
}

/**
 * Outbound webhooks (docs/decisions/0860): each receiver with the events it asked for, on or off,
 * its last deliveries with the receiver's answer and 'Redeliver'; a new one's signing secret is
 * shown once, right after it is added (no answer of the API gives it again).
 */
export function WebhooksCard({ webhooks, events, canKeepSecrets, time }: Props) {
  return (
    <section
      aria-labelledby="webhooks-title"
      className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5"
    >
      <h3 id="webhooks-title" className="text-lg font-bold text-white">
        Webhooks
      </h3>
      <p className="text-sm text-gray-300">
        Each event of the site is sent, signed (Standard Webhooks), to the addresses below as it happens.
      </p>
      {webhooks.length === 0 ? (
        <p className="text-gray-300">No webhook yet.</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Webhooks">
          {webhooks.map((w) => (
            <WebhookItem key={w.id} webhook={w} time={time} />
          ))}
        </ul>
      )}
      <AddWebhookForm events={events} canKeepSecrets={canKeepSecrets} />
    </section>
  )
}

function WebhookItem({ webhook, time }: { webhook: WebhookView; time: PanelTime }) {
  const update = useUpdateWebhook()
  const remove = useRemoveWebhook()
  const redeliver = useRedeliver()
  const titleId = `webhook-${webhook.id}-title`
  const enabled = update.isPending ? update.variables.enabled : webhook.enabled

  const onRemove = async () => {
    const ok = await confirmAction({
      title: 'Remove webhook?',
      description: `${webhook.host} gets no more events, and its signing secret is forgotten.`,
      action: 'Remove',
    })
    if (!ok) return
    remove.mutate(webhook.id, {
      onSuccess: () => notify.success('Webhook Removed', `${webhook.host} gets no more events.`),
      onError: failed('Remove Failed'),
    })
  }

  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-line p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h4 id={titleId} className="font-semibold break-all text-white">
          {webhook.host}
        </h4>
        <button
          type="button"
          className="btn-outline"
          aria-label={`Remove ${webhook.host}`}
          disabled={remove.isPending}
          onClick={() => void onRemove()}
        >
          Remove
        </button>
      </div>
      <p className="text-sm text-gray-300">Events: {webhook.events.map(eventLabel).join(', ')}</p>
      <SwitchField
        label="Enabled"
        description="Off: nothing is sent to this address; events meanwhile are not kept for it."
        checked={enabled}
        onChange={(on) =>
          update.mutate(
            { id: webhook.id, enabled: on },
            {
              onSuccess: () => notify.success(on ? 'Webhook Enabled' : 'Webhook Disabled', webhook.host),
              onError: failed('Not Saved'),
            },
          )
        }
      />
      {webhook.deliveries.length === 0 ? (
        <p className="text-sm text-gray-300">Nothing sent yet.</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Deliveries to ${webhook.host}`}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Last deliveries to {webhook.host}, newest first</caption>
            <thead className="text-gray-300">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Event
                </th>
                <th scope="col" className="py-2 pr-4">
                  When ({time.name()})
                </th>
                <th scope="col" className="py-2 pr-4">
                  Status
                </th>
                <th scope="col" className="py-2 pr-4">
                  Answer
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {webhook.deliveries.map((d) => (
                <tr key={d.id} className="border-t border-line align-top">
                  <td className="py-2 pr-4 text-white">
                    {eventLabel(d.event)}
                    <span className="block text-xs text-gray-400">{d.subject}</span>
                  </td>
                  <td className="py-2 pr-4 whitespace-nowrap text-gray-300">
                    {time.cell(d.deliveredAt ?? d.createdAt)}
                  </td>
                  <td className="py-2 pr-4 text-gray-200">
                    {statusText[d.status] ?? d.status}
                    {d.attempts > 1 && ` (${d.attempts} attempts)`}
                  </td>
                  <td className="py-2 pr-4 break-words text-gray-300">
                    {[d.answerStatus, d.answer].filter((part) => part !== null && part !== '').join(': ')}
                  </td>
                  <td className="py-2">
                    <button
                      type="button"
                      className="btn-outline"
                      disabled={d.status === 'sending' || redeliver.isPending}
                      onClick={() =>
                        redeliver.mutate(
                          { webhookId: webhook.id, deliveryId: d.id },
                          {
                            onSuccess: () =>
                              notify.success('Redelivering', `${eventLabel(d.event)} to ${webhook.host}.`),
                            onError: failed('Redeliver Failed'),
                          },
                        )
                      }
                    >
                      Redeliver
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  )
}

function AddWebhookForm({ events, canKeepSecrets }: { events: Props['events']; canKeepSecrets: boolean }) {
  const [url, setUrl] = useState('')
  const [chosen, setChosen] = useState<SiteEventKind[]>([])
  const [secret, setSecret] = useState<{ host: string; value: string } | null>(null)
  const add = useAddWebhook()
  useUnsavedChanges(url.trim() !== '')

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (add.isPending) return
    const input = { url, events: chosen }
    const problem = formProblem(webhookContract, input)
    if (problem) return notify.problem(problem)
    add.mutate(input, {
      onSuccess: (answer) => {
        setUrl('')
        setChosen([])
        setSecret({ host: answer.webhook.host, value: answer.secret })
        notify.success('Webhook Added', `Events go to ${answer.webhook.host} from now on.`)
      },
      onError: failed('Webhook Not Added'),
    })
  }

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value)
      notify.success('Copied', 'The signing secret is on the clipboard.')
    } catch {
      notify.failure('Copy Failed', 'The browser did not allow copying: select the text and copy it by hand.')
    }
  }

  return (
    <div className="flex flex-col gap-4 border-t border-line pt-4">
      {secret && (
        <div role="status" className="flex flex-col gap-2 rounded border border-emerald-700 bg-emerald-950/40 p-3">
          <p className="text-sm text-emerald-100">
            The receiver at {secret.host} checks each message with this secret.{' '}
            <strong>Copy it now: it is not shown again.</strong>
          </p>
          <div className="flex flex-wrap items-end gap-2">
            <TextField
              label="Signing secret"
              value={secret.value}
              onChange={() => {}}
              readOnly
              spellCheck={false}
              className="min-w-0 grow font-mono"
            />
            <button type="button" className="btn-outline" onClick={() => void copy(secret.value)}>
              Copy Secret
            </button>
            <button type="button" className="btn-outline" onClick={() => setSecret(null)}>
              Done
            </button>
          </div>
        </div>
      )}
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label="Add a webhook">
        <TextField
          label="Webhook URL"
          type="url"
          placeholder="https://example.com/hooks/simracing"
          spellCheck={false}
          value={url}
          onChange={setUrl}
          hint="An https address on the internet that answers 2xx."
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-gray-200">Events</legend>
          {events.map((e) => (
            <label key={e.kind} className="flex items-center gap-2 text-gray-100">
              <input
                type="checkbox"
                className="h-4 w-4 accent-red-500"
                checked={chosen.includes(e.kind)}
                onChange={(event) =>
                  setChosen((list) =>
                    event.target.checked ? [...list, e.kind] : list.filter((kind) => kind !== e.kind),
                  )
                }
              />
              {e.label}
            </label>
          ))}
        </fieldset>
        <div>
          <button
            type="submit"
            className="btn-primary"
            disabled={!canKeepSecrets || add.isPending}
            aria-busy={add.isPending}
          >
            {add.isPending ? 'Adding...' : 'Add webhook'}
          </button>
        </div>
      </form>
    </div>
  )
}
