import { useEffect, useId, useRef, useState } from 'react'
import { login } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/**
 * The password gate (spec 001): 'Admin Access Required', a password field and 'Access Admin
 * Panel' (Enter submits). The check is the server's; a lockout (429) shows its wait.
 * `expired` is the session ending mid-work: the panel stays mounted under this dialog.
 */
export function AdminGate({ expired = false }: { expired?: boolean }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [lockedUntil, setLockedUntil] = useState(0)
  const [now, setNow] = useState(() => Date.now())
  const lockedFor = Math.max(0, Math.ceil((lockedUntil - now) / 1000))

  useEffect(() => {
    if (lockedUntil === 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [lockedUntil])

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (busy || lockedFor > 0) return
    setBusy(true)
    try {
      const result = await login(password)
      if (result.ok) {
        notify.success('Welcome, Admin!')
        return
      }
      setPassword('')
      if (result.lockedForSeconds) {
        setNow(Date.now())
        setLockedUntil(Date.now() + result.lockedForSeconds * 1000)
        notify.failure('Access Denied', `${result.message} Wait ${waitText(result.lockedForSeconds)}.`)
      } else {
        notify.failure('Access Denied', 'Invalid admin password')
      }
      input.current?.focus()
    } catch {
      notify.failure('Access Denied', 'The server could not be reached. Please try again.')
    } finally {
      setBusy(false)
    }
  }

  // The expired-session gate sits over the panel, which has the page's main landmark.
  const Box = expired ? 'div' : 'main'
  return (
    <div
      className={
        expired
          ? 'fixed inset-0 z-40 flex items-center justify-center bg-ink/95 p-4'
          : 'flex min-h-screen items-center justify-center p-4'
      }
      role={expired ? 'dialog' : undefined}
      aria-modal={expired ? true : undefined}
      aria-labelledby={expired ? `${id}-title` : undefined}
    >
      <Box className="w-full max-w-md rounded-2xl border border-line bg-panel p-8 shadow-xl">
        <h1 id={`${id}-title`} className="text-center text-2xl font-bold text-white">
          Admin Access Required
        </h1>
        {expired && (
          <p className="mt-3 text-center text-amber-200">
            Your session has ended. Log in again: what you typed is kept.
          </p>
        )}
        <form onSubmit={submit} className="mt-6 flex flex-col gap-4">
          <label htmlFor={id} className="text-sm font-semibold text-gray-200">
            Admin password
          </label>
          <input
            ref={input}
            id={id}
            type="password"
            autoComplete="current-password"
            autoFocus
            className="field"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={lockedFor > 0 ? `${id}-lock` : undefined}
          />
          {lockedFor > 0 && (
            <p id={`${id}-lock`} className="text-sm text-amber-200" role="status">
              Too many failed attempts. Try again in {waitText(lockedFor)}.
            </p>
          )}
          <button type="submit" className="btn-primary" disabled={busy || lockedFor > 0} aria-busy={busy}>
            Access Admin Panel
          </button>
        </form>
      </Box>
    </div>
  )
}
