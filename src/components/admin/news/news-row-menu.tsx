import { articlePath } from '../../../lib/news-address.ts'
import { DropdownMenu } from 'radix-ui'
import { useRef, useState, type ReactNode } from 'react'
import { useAiStatus } from '../shared/ai-status.ts'
import { confirmDelete } from '../shared/confirm.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import type { AdminNews } from '../shared/types.ts'
import { PreviewDialog } from './article-preview.tsx'
import { ChangeImageDialog, EditTitleDialog } from './news-row-dialogs.tsx'
import { useGenerateNewsImage } from './use-news-ai.ts'
import { useShareNow } from './use-share-now.ts'
import { useDeleteNews, useMoveNews, usePublishNews, useUnscheduleNews } from './use-news.ts'

const itemClass =
  'flex cursor-pointer flex-col rounded px-3 py-2 text-sm text-gray-100 outline-none select-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-line'

function Item({ onSelect, disabled, children }: { onSelect: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <DropdownMenu.Item className={itemClass} disabled={disabled} onSelect={onSelect}>
      {children}
    </DropdownMenu.Item>
  )
}

/**
 * Runs a call and toasts its outcome. Awaited rather than given to mutate(): the call's success
 * refreshes the list, which may unmount this row, and mutate() drops the callbacks of an
 * unmounted component (the toast never showed).
 */
async function attempt(call: Promise<unknown>, success: [string, string?], failure: [string, string]) {
  try {
    await call
    notify.success(...success)
  } catch (error) {
    if (!isUnauthorized(error)) notify.failed(...failure, error)
  }
}

interface Props {
  article: AdminNews
  /** Its place in the whole list (not the page): move up/down stop at the ends. */
  index: number
  count: number
  onEdit: (article: AdminNews) => void
}

/**
 * One article's actions (spec 001 News tab) in a menu: Edit, Edit title, Change image, Generate AI
 * image, Preview, View on site and Share now (published ones), Move up, Move down, Publish /
 * Unschedule for drafts, Delete (the spec's question). Dialogs opened from it give focus back to its
 * button.
 */
export function NewsRowMenu({ article, index, count, onEdit }: Props) {
  const [dialog, setDialog] = useState<'title' | 'image' | 'preview' | null>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const move = useMoveNews()
  const remove = useDeleteNews()
  const publish = usePublishNews()
  const unschedule = useUnscheduleNews()
  const generate = useGenerateNewsImage()
  const shareNow = useShareNow()
  const aiReady = useAiStatus().data?.openai.configured ?? false
  const draft = article.status === 'draft'
  const { title } = article

  const onMove = (direction: 'up' | 'down') =>
    attempt(
      move.mutateAsync({ id: article.id, direction }),
      ['Article Moved', `"${title}" moved ${direction}.`],
      ['Move Failed', `Unable to move article ${direction}.`],
    )
  const onDelete = async () => {
    if (!(await confirmDelete('Are you sure you want to delete this news article?', trigger.current))) return
    await attempt(
      remove.mutateAsync(article.id),
      ['Deleted!', 'The news article has been deleted.'],
      ['Error', 'Failed to delete news article'],
    )
  }
  const backToMenu = (event: Event) => {
    event.preventDefault()
    trigger.current?.focus()
  }
  const close = () => setDialog(null)

  return (
    <>
      {/* Not modal: a dialog opened from an item takes the focus next, and a modal menu closing then
          left the page without pointer events (a known Radix pairing). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button ref={trigger} type="button" className="btn-outline px-3" aria-label={`Actions for ${title}`}>
            <span aria-hidden="true">⋯</span>
          </button>
        </DropdownMenu.Trigger>
        {/* No portal: the menu stays inside the page's main landmark (axe's 'region' rule). */}
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-30 max-h-[80vh] w-60 max-w-[92vw] overflow-y-auto rounded-lg border border-line bg-panel p-1 shadow-xl"
        >
          <Item onSelect={() => onEdit(article)}>Edit</Item>
          <Item onSelect={() => setDialog('title')}>Edit title</Item>
          <Item onSelect={() => setDialog('image')}>Change image</Item>
          <Item
            disabled={!aiReady || generate.isPending}
            onSelect={() =>
              void attempt(
                generate.mutateAsync(article.id),
                ['Image Generated', `A new image was set on "${title}".`],
                ['Error', 'Failed to generate image'],
              )
            }
          >
            Generate AI image
            {!aiReady && <span className="text-xs text-gray-300">AI is not configured: set OPENAI_API_KEY</span>}
          </Item>
          <Item onSelect={() => setDialog('preview')}>Preview</Item>
          {!draft && (
            <DropdownMenu.Item asChild className={itemClass}>
              <a href={articlePath(article)} target="_blank" rel="noopener">
                View on site
              </a>
            </DropdownMenu.Item>
          )}
          {!draft && (
            <Item disabled={shareNow.pending} onSelect={() => void shareNow.share(article)}>
              Share now
            </Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <Item disabled={index === 0 || move.isPending} onSelect={() => void onMove('up')}>
            Move up
          </Item>
          <Item disabled={index === count - 1 || move.isPending} onSelect={() => void onMove('down')}>
            Move down
          </Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {draft && (
            <Item
              onSelect={() =>
                void attempt(
                  publish.mutateAsync(article.id),
                  ['Article Published', 'It is on the site now.'],
                  ['Update Failed', 'Failed to update news article'],
                )
              }
            >
              Publish
            </Item>
          )}
          {draft && article.publishAt && (
            <Item
              onSelect={() =>
                void attempt(
                  unschedule.mutateAsync(article.id),
                  ['Article Unscheduled', 'It stays a draft until you publish it.'],
                  ['Update Failed', 'Failed to update news article'],
                )
              }
            >
              Unschedule
            </Item>
          )}
          <Item onSelect={() => void onDelete()}>Delete</Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <EditTitleDialog article={article} open={dialog === 'title'} onClose={close} onCloseAutoFocus={backToMenu} />
      <ChangeImageDialog article={article} open={dialog === 'image'} onClose={close} onCloseAutoFocus={backToMenu} />
      <PreviewDialog
        article={article}
        open={dialog === 'preview'}
        onOpenChange={(open) => !open && close()}
        onCloseAutoFocus={backToMenu}
      />
    </>
  )
}
