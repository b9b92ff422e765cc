import { useStore } from '@nanostores/react'
import { atom } from 'nanostores'
import { AlertDialog } from 'radix-ui'

interface ConfirmRequest {
  title: string
  description: string
  action: string
  resolve: (ok: boolean) => void
  /** Focus goes back here when the dialog closes (it has no Radix trigger to return to). */
  returnFocus: Element | null
}

const $request = atom<ConfirmRequest | null>(null)

/** Asks before a destructive action or leaving unsaved changes; resolves true when confirmed. */
export function confirmAction(
  options: { title: string; description: string; action: string },
  /** Where focus goes back to; by default what has it now (a menu item that closes gives its trigger). */
  returnFocus: Element | null = document.activeElement,
): Promise<boolean> {
  $request.get()?.resolve(false)
  return new Promise((resolve) => $request.set({ ...options, resolve, returnFocus }))
}

let lastFocus: Element | null = null

function settle(ok: boolean) {
  const request = $request.get()
  if (!request) return
  lastFocus = request.returnFocus
  $request.set(null)
  request.resolve(ok)
}

function restoreFocus(event: Event) {
  if (lastFocus instanceof HTMLElement && lastFocus.isConnected) {
    event.preventDefault()
    lastFocus.focus()
  }
}

/** The one confirmation dialog of the panel (Radix AlertDialog: focus trap, Escape cancels). */
export function ConfirmHost() {
  const request = useStore($request)
  return (
    <AlertDialog.Root open={request !== null} onOpenChange={(open) => !open && settle(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <AlertDialog.Content
          onCloseAutoFocus={restoreFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-line bg-panel p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-bold text-white">{request?.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-gray-300">{request?.description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="btn-outline">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="btn-primary" onClick={() => settle(true)}>
              {request?.action}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

export const confirmDelete = (description: string, returnFocus?: Element | null) =>
  confirmAction({ title: 'Delete?', description, action: 'Delete' }, returnFocus)

export const confirmDiscard = () =>
  confirmAction({
    title: 'Discard unsaved changes?',
    description: 'This form has changes that are not saved. Leave it and lose them?',
    action: 'Discard changes',
  })
