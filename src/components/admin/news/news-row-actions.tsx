import { Dialog } from 'radix-ui'
import { useState } from 'react'
import { Tip } from '../../ui/tip.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { ImageChooser } from '../shared/image-chooser.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import type { AdminNews } from '../shared/types.ts'
import { useMoveNews, useUpdateNewsImage, useUpdateNewsTitle } from './use-news.ts'

const dialogClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(36rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-panel p-6'

/** Move up, move down, edit title and image change of one article (spec 001 news tab). */
export function NewsRowActions({ article, index, count }: { article: AdminNews; index: number; count: number }) {
  const move = useMoveNews()
  const moving = move.isPending && move.variables.id === article.id
  const onMove = (direction: 'up' | 'down') =>
    move.mutate(
      { id: article.id, direction },
      {
        onSuccess: () => notify.success('Article Moved', `"${article.title}" moved ${direction}.`),
        onError: (error) => {
          if (!isUnauthorized(error)) notify.failed('Move Failed', `Unable to move article ${direction}.`, error)
        },
      },
    )
  return (
    <>
      <Tip text="Move up">
        <button
          type="button"
          className="btn-outline"
          aria-label={`Move up ${article.title}`}
          disabled={index === 0 || moving}
          onClick={() => onMove('up')}
        >
          ↑
        </button>
      </Tip>
      <Tip text="Move down">
        <button
          type="button"
          className="btn-outline"
          aria-label={`Move down ${article.title}`}
          disabled={index === count - 1 || moving}
          onClick={() => onMove('down')}
        >
          ↓
        </button>
      </Tip>
      <EditTitle article={article} />
      <ChangeImage article={article} />
    </>
  )
}

function EditTitle({ article }: { article: AdminNews }) {
  const [open, setOpen] = useState(false)
  const [title, setTitle] = useState(article.title)
  const update = useUpdateNewsTitle()
  const save = (event: React.FormEvent) => {
    event.preventDefault()
    if (update.isPending) return
    update.mutate(
      { id: article.id, title },
      {
        onSuccess: () => {
          setOpen(false)
          notify.success('Title Updated')
        },
        onError: (error) => {
          if (!isUnauthorized(error)) notify.failed('Update Failed', 'Unable to update title. Please try again.', error)
        },
      },
    )
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setTitle(article.title)
        setOpen(next)
      }}
    >
      <Dialog.Trigger className="btn-outline" aria-label={`Edit title of ${article.title}`}>
        Edit title
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className={dialogClass}>
          <Dialog.Title className="text-lg font-bold text-white">Edit title</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-300">The article keeps its content.</Dialog.Description>
          <form onSubmit={save} className="mt-4 flex flex-col gap-4">
            <TextField label="Title" value={title} onChange={setTitle} />
            <div className="flex justify-end gap-3">
              <Dialog.Close className="btn-outline">Cancel</Dialog.Close>
              <button type="submit" className="btn-primary" disabled={update.isPending} aria-busy={update.isPending}>
                Save title
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function ChangeImage({ article }: { article: AdminNews }) {
  const [open, setOpen] = useState(false)
  const [imageUrl, setImageUrl] = useState(article.imageUrl)
  const update = useUpdateNewsImage()
  const save = () =>
    update.mutate(
      { id: article.id, imageUrl },
      {
        onSuccess: () => {
          setOpen(false)
          notify.success('Image Updated')
        },
        onError: (error) => {
          if (!isUnauthorized(error)) notify.failed('Failed to update image', 'Failed to update news image', error)
        },
      },
    )
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setImageUrl(article.imageUrl)
        setOpen(next)
      }}
    >
      <Dialog.Trigger className="btn-outline" aria-label={`Change image of ${article.title}`}>
        Change image
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className={dialogClass}>
          <Dialog.Title className="text-lg font-bold text-white">Change image</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-300">{article.title}</Dialog.Description>
          <div className="mt-4">
            <ImageChooser label="Article image" value={imageUrl} onChange={setImageUrl} />
          </div>
          <div className="mt-4 flex justify-end gap-3">
            <Dialog.Close className="btn-outline">Cancel</Dialog.Close>
            <button
              type="button"
              className="btn-primary"
              disabled={update.isPending || imageUrl === article.imageUrl}
              aria-busy={update.isPending}
              onClick={save}
            >
              Save image
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
