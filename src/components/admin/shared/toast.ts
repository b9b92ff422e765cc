import { failureDetail } from '../../../lib/admin/failure-text.ts'
import type { FormProblem } from '../../../lib/forms/contract.ts'

/**
 * Toasts are sonner's, in the panel's React root. The gate is plain HTML (docs/decisions/0502), so
 * its toasts wait for that root to be mounted (it is fetched while the password is typed); the
 * panel's own toasts find it there already.
 */
const toaster = () => Promise.all([import('sonner'), import('../admin-root.tsx').then((m) => m.mountAdmin())])

function show(kind: 'success' | 'error', title: string, description?: string) {
  void toaster().then(([{ toast }]) => {
    // One toast at a time (spec 001 section 9): each new one replaces the last.
    toast.dismiss()
    toast[kind](title, { description })
  })
}

export const notify = {
  success(title: string, description?: string) {
    show('success', title, description)
  },
  failure(title: string, description?: string) {
    show('error', title, description)
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
