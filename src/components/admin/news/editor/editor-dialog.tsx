import { Dialog } from 'radix-ui'
import type { Editor } from '@tiptap/react'
import type { ReactNode } from 'react'

const dialogClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(36rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-panel p-6'

/**
 * The frame of the editor's link and image dialogs (Radix: focus kept inside, Escape closes). On
 * closing, the focus goes back to the text at the cursor (`editor.commands.focus()`), not to the
 * toolbar button: the owner goes on typing, and an Enter no longer opens the dialog again.
 */
export function EditorDialog(props: {
  open: boolean
  onClose: () => void
  editor: Editor
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content
          className={dialogClass}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            props.editor.commands.focus()
          }}
        >
          <Dialog.Title className="text-lg font-bold text-white">{props.title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-300">{props.description}</Dialog.Description>
          <div className="mt-4">{props.children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
