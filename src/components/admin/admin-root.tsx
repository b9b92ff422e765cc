import { useStore } from '@nanostores/react'
import { StrictMode, Suspense, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { Toaster, toast } from 'sonner'
import { preloadable } from './shared/preloadable.ts'
import { $session } from './shared/session.ts'
import { toasterReady } from './shared/toast.ts'

/** The panel (queries, tabs) is its own chunk: the toaster can show the gate's toasts without it. */
export const adminShell = preloadable(() => import('./shell/admin-shell.tsx'))
const AdminShell = adminShell.component

let mounted: Promise<void> | undefined

/**
 * The admin panel's one React root (#admin-root in src/pages/admin.astro), mounted once, by the
 * gate in the background while the password is typed. Resolves once the toaster listens; then it
 * hands the toaster to shared/toast.ts, where toasts asked for before that were waiting.
 */
export function mountAdmin(): Promise<void> {
  mounted ??= new Promise<void>((resolve) => {
    createRoot(document.getElementById('admin-root')!).render(
      <StrictMode>
        <AdminApp onToasterReady={resolve} />
      </StrictMode>,
    )
  }).then(() => toasterReady(toast))
  return mounted
}

/** The panel once a session is known (under the gate's dialog when it has expired), and the toasts. */
function AdminApp({ onToasterReady }: { onToasterReady: () => void }) {
  const session = useStore($session)
  useEffect(onToasterReady, [onToasterReady])
  return (
    <>
      {(session === 'open' || session === 'expired') && (
        <Suspense
          fallback={
            <p className="p-8 text-center text-gray-300" role="status">
              Loading the admin panel...
            </p>
          }
        >
          <AdminShell />
        </Suspense>
      )}
      <Toaster
        visibleToasts={1}
        theme="dark"
        richColors
        closeButton
        // Bottom right: a toast never covers the panel's sticky header nor a dialog's buttons (issue 17).
        position="bottom-right"
        toastOptions={{ classNames: { description: 'whitespace-pre-line' } }}
      />
    </>
  )
}
