import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect } from 'react'
import { AdminGate } from './gate/admin-gate.tsx'
import { $session, checkSession } from './shared/session.ts'
import { loadSonner } from './shared/toast.ts'

// The panel (queries, tabs) loads only once the gate is passed or a session is known: the gate stays small.
const AdminShell = lazy(() => import('./shell/admin-shell.tsx'))
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })))

/** The /admin island: the gate until the server's session cookie is valid, then the panel. */
export function AdminApp() {
  const session = useStore($session)
  useEffect(() => {
    void checkSession()
  }, [])
  // While the gate waits for the password, the panel and the tab to open are fetched in the
  // background: after login only the API calls remain (the gate itself renders first).
  useEffect(() => {
    if (session !== 'locked') return
    const timer = setTimeout(() => {
      void import('./shell/admin-shell.tsx')
      void import('./shell/tabs.ts').then((tabs) => tabs.preloadTab(window.location.search))
    }, 300)
    return () => clearTimeout(timer)
  }, [session])
  return (
    <>
      {session === 'checking' ? (
        <p className="p-8 text-center text-gray-300" role="status">
          Checking your session...
        </p>
      ) : session === 'locked' ? (
        <AdminGate />
      ) : (
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
      {session === 'expired' && <AdminGate expired />}
      <Suspense fallback={null}>
        <Toaster
          visibleToasts={1}
          theme="dark"
          richColors
          closeButton
          position="top-right"
          toastOptions={{ classNames: { description: 'whitespace-pre-line' } }}
        />
      </Suspense>
    </>
  )
}
