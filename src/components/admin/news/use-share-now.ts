import { channelKinds, channelLabels } from '../../../lib/channels/messages.ts'
import { useShareArticle } from '../channels/use-channels.ts'
import { isUnauthorized } from '../shared/session.ts'
import { failureDetail, notify, serverMessage } from '../shared/toast.ts'

/**
 * 'Share now' of a published article (docs/decisions/0860): one more post on every connected
 * channel, whatever it announced before. Awaited rather than given to mutate(): the row menu that
 * calls it closes, and mutate() drops the callbacks of an unmounted component.
 */
export function useShareNow() {
  const share = useShareArticle()
  const run = async (article: { id: number; title: string }) => {
    try {
      const { channels } = await share.mutateAsync(article.id)
      // In the Channels tab's order, whatever order the server lists them in.
      const labels = channelKinds.filter((kind) => channels.includes(kind)).map((kind) => channelLabels[kind])
      notify.success(`Shared on ${labels.join(', ')}`, `"${article.title}" is posted in a moment.`)
    } catch (error) {
      // The server's words: no channel connected (409), or the article is not public (404).
      if (!isUnauthorized(error)) notify.failure('Not Shared', serverMessage(error) ?? failureDetail(error))
    }
  }
  return { share: run, pending: share.isPending }
}
