import { Dialog } from 'radix-ui'
import { useState, type ReactNode } from 'react'
import { TextField } from '../../ui/text-field.tsx'
import { ImageChooser } from '../shared/image-chooser.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import type { AdminNews } from '../shared/types.ts'
import { useUpdateNewsImage, useUpdateNewsTitle } from './use-news.ts'

const dialogClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(36rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-panel p-6'

export interface RowDialogProps {
  article: AdminNews
  open: boolean
  onClose: () => void
  /** Focus goes back to the row's menu button (the menu item that opened the dialog is gone). */
  onCloseAutoFocus: (event: Event) => void
}

function RowDialog({
  open,
  onClose,
  onCloseAutoFocus,
  title,
  description,
  children,
}: Omit<RowDialogProps, 'article'> & { title: string; description: string; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className={dialogClass} onCloseAutoFocus={onCloseAutoFocus}>
          <Dialog.Title className="text-lg font-bold text-white">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm break-words text-gray-300">{description}</Dialog.Description>
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** Spec 001 'edit title': the article keeps its content; 'Title Updated' or 'Update Failed'. */
export function EditTitleDialog(props: RowDialogProps) {
  return (
    <RowDialog {...props} title="Edit title" description="The article keeps its content.">
      <TitleForm article={props.article} onClose={props.onClose} />
    </RowDialog>
  )
}

function TitleForm({ article, onClose }: { article: AdminNews; onClose: () => void }) {
  const [title, setTitle] = useState(article.title)
  const update = useUpdateNewsTitle()
  const save = (event: React.FormEvent) => {
    event.preventDefault()
    if (update.isPending) return
    update.mutate(
      { id: article.id, title },
      {
        onSuccess: () => {
          onClose()
          notify.success('Title Updated')
        },
        onError: (error) => {
          if (!isUnauthorized(error)) notify.failed('Update Failed', 'Unable to update title. Please try again.', error)
        },
      },
    )
  }
  return (
    <form onSubmit={save} className="flex flex-col gap-4">
      <TextField label="Title" value={title} onChange={setTitle} />
      <div className="flex justify-end gap-3">
        <button type="button" className="btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={update.isPending} aria-busy={update.isPending}>
          Save title
        </button>
      </div>
    </form>
  )
}

/** Spec 001 'image change': the chooser, then Save image ('Failed to update news image' on failure). */
export function ChangeImageDialog(props: RowDialogProps) {
  return (
    <RowDialog {...props} title="Change image" description={props.article.title}>
      <ImageForm article={props.article} onClose={props.onClose} />
    </RowDialog>
  )
}

function ImageForm({ article, onClose }: { article: AdminNews; onClose: () => void }) {
  const [imageUrl, setImageUrl] = useState(article.imageUrl)
  const update = useUpdateNewsImage()
  const save = () =>
    update.mutate(
      { id: article.id, imageUrl },
      {
        onSuccess: () => {
          onClose()
          notify.success('Image Updated')
        },
        onError: (error) => {
          if (!isUnauthorized(error)) notify.failed('Failed to update image', 'Failed to update news image', error)
        },
      },
    )
  return (
    <>
      <ImageChooser label="Article image" value={imageUrl} onChange={setImageUrl} />
      <div className="mt-4 flex justify-end gap-3">
        <button type="button" className="btn-outline" onClick={onClose}>
          Cancel
        </button>
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
    </>
  )
}
