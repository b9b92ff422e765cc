import { LoadError } from '../shared/load-error.tsx'
import { usePanelTime } from '../shared/use-time-zone.ts'
import { ChannelCard } from './channel-card.tsx'
import { useChannels } from './use-channels.ts'
import { WebhooksCard } from './webhooks-card.tsx'

/**
 * Channels (System & Automation; docs/decisions/0860): Discord, Bluesky and Mastodon, each
 * connected with the credential its network gives, and what each announces (every article that
 * becomes public, every race result imported); a paused network's reason and Resume; the last
 * deliveries; and the outbound webhooks. Without SECRETS_KEY nothing can be connected: it says so.
 */
export default function ChannelsTab() {
  const overview = useChannels()
  const time = usePanelTime()
  return (
    <div className="flex max-w-4xl min-w-0 flex-col gap-6">
      <h2 className="section-title">Channels</h2>
      {overview.isPending ? (
        <p className="text-gray-300">Loading channels...</p>
      ) : overview.isError ? (
        <LoadError text="Error loading the channels." onRetry={() => overview.refetch()} />
      ) : (
        <>
          {!overview.data.canKeepSecrets && (
            <p role="note" className="rounded border border-amber-700 bg-amber-950/40 p-3 text-sm text-amber-100">
              <code>SECRETS_KEY</code> is not set: the site cannot keep the credentials of the channels and webhooks (it
              encrypts them with this key), so none can be connected or added. Set <code>SECRETS_KEY</code> (at least 32
              characters) in the site&apos;s environment and deploy again (docs/deployment.md).
            </p>
          )}
          {overview.data.channels.map((channel) => (
            <ChannelCard
              key={channel.kind}
              channel={channel}
              canKeepSecrets={overview.data.canKeepSecrets}
              time={time}
            />
          ))}
          <WebhooksCard
            webhooks={overview.data.webhooks}
            events={overview.data.events}
            canKeepSecrets={overview.data.canKeepSecrets}
            time={time}
          />
        </>
      )}
    </div>
  )
}
