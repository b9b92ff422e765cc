import type { toast as sonnerToast } from 'sonner'
import { failureDetail } from '../../../lib/admin/failure-text.ts'
import type { FormProblem } from '../../../lib/forms/contract.ts'

type Toaster = typeof sonnerToast

let registerToaster!: (toaster: Toaster) => void
/**
 * Toasts are sonner's, in the panel's React root (admin-root.tsx), which hands its toaster over
 * with `toasterReady` once it listens. The gate is plain HTML (docs/decisions/0502) and mounts that
 * root as soon as it shows, so its toasts wait here until then; the panel's own find it ready. The
 * root imports this module, never the other way round: no import circle (docs/decisions/0021).
 */
const toaster = new Promise<Toaster>((resolve) => {
  registerToaster = resolve
})

/** Called by the panel's root once its <Toaster> is mounted. */
export function toasterReady(toast: Toaster): void {
  registerToaster(toast)
}

function show(kind: 'success' | 'error', title: string, description?: string, persist = false) {
  void toaster.then((toast) => {
    // One toast at a time (spec 001 section 9): each new one replaces the last.
    toast.dismiss()
    toast[kind](title, { description, duration: persist ? Number.POSITIVE_INFINITY : undefined })
  })
}

export const notify = {
  success(title: string, description?: string) {
    show('success', title, description)
  },
  failure(title: string, description?: string) {
    show('error', title, description)
  },
  /** A report with a list to read (which championships failed and why): stays until closed or replaced. */
  report(tone: 'success' | 'failure', title: string, description: string) {
    show(tone === 'success' ? 'success' : 'error', title, description, tone === 'failure')
  },
  problem(p: FormProblem) {
    notify.failure(p.title, p.description)
  },
  /** A failed call: the spec's text, then 'status: message' on its own line. */
  failed(title: string, text: string, error: unknown) {
    notify.failure(title, `${text}\n${failureDetail(error)}`)
  },
}

export { failureDetail, serverMessage } from '../../../lib/admin/failure-text.ts'
