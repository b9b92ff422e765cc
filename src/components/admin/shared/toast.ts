import { failureDetail } from '../../../lib/admin/failure-text.ts'
import type { FormProblem } from '../../../lib/admin/form-rules.ts'

/**
 * sonner loads after the gate has rendered (it is not needed to show the gate, and it is a tenth
 * of the gate's JS); the first toast waits for it, which takes no longer than the call it reports.
 */
export const loadSonner = () => import('sonner')

function show(kind: 'success' | 'error', title: string, description?: string) {
  void loadSonner().then(({ toast }) => {
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
