import { $session, checkSession, login, type SessionState } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { waitText } from '../../../lib/admin/wait-text.ts'

/**
 * The gate's behaviour over its static markup (admin-gate.astro), without React: the session
 * check, the login with its toasts and lockout, and the hand-over to the panel. The panel (React,
 * the shell and the tab the address names) is fetched while the owner types, and is mounted the
 * moment a session is known, so that after login only the panel's own API calls remain.
 */
export function startGate(): void {
  const root = document.getElementById('admin-gate')!
  const box = document.getElementById('admin-gate-box')!
  const checking = root.querySelector<HTMLElement>('[data-gate-checking]')!
  const formBox = root.querySelector<HTMLElement>('[data-gate-form]')!
  const expiredNote = root.querySelector<HTMLElement>('[data-gate-expired]')!
  const form = root.querySelector('form')!
  const field = document.getElementById('admin-gate-password') as HTMLInputElement
  const lockNote = document.getElementById('admin-gate-lock')!
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!

  let busy = false
  let lockedUntil = 0
  let lockTimer: ReturnType<typeof setInterval> | undefined

  const lockedFor = () => Math.max(0, Math.ceil((lockedUntil - Date.now()) / 1000))
  const renderButton = () => {
    button.disabled = busy || lockedFor() > 0
    button.setAttribute('aria-busy', String(busy))
  }
  const renderLock = () => {
    const seconds = lockedFor()
    lockNote.hidden = seconds === 0
    lockNote.textContent = seconds > 0 ? `Too many failed attempts. Try again in ${waitText(seconds)}.` : ''
    if (seconds > 0) field.setAttribute('aria-describedby', lockNote.id)
    else field.removeAttribute('aria-describedby')
    renderButton()
    if (seconds === 0 && lockTimer) {
      clearInterval(lockTimer)
      lockTimer = undefined
    }
  }

  /** The gate as the page (locked), as a dialog over the panel (expired), or out of the way. */
  const render = (state: SessionState) => {
    root.dataset.mode = state
    root.hidden = state === 'open'
    checking.hidden = state !== 'checking'
    formBox.hidden = state !== 'locked' && state !== 'expired'
    const expired = state === 'expired'
    expiredNote.hidden = !expired
    // Locked, the gate is the page's main content; expired, the panel has the main landmark and
    // the gate is a modal dialog over it (the panel is inert meanwhile: admin-shell.tsx).
    if (expired) {
      box.removeAttribute('role')
      root.setAttribute('role', 'dialog')
      root.setAttribute('aria-modal', 'true')
      root.setAttribute('aria-labelledby', 'admin-gate-title')
    } else {
      box.setAttribute('role', 'main')
      for (const name of ['role', 'aria-modal', 'aria-labelledby']) root.removeAttribute(name)
    }
    if (state === 'locked' || expired) {
      field.focus()
      preparePanel()
    }
    if (state === 'open' || expired) void mountPanel()
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    if (busy || lockedFor() > 0) return
    busy = true
    renderButton()
    void submit(field.value).finally(() => {
      busy = false
      renderButton()
    })
  })

  async function submit(password: string) {
    try {
      const result = await login(password)
      if (result.ok) {
        field.value = ''
        notify.success('Welcome, Admin!')
        return
      }
      field.value = ''
      if (result.lockedForSeconds) {
        lockedUntil = Date.now() + result.lockedForSeconds * 1000
        lockTimer ??= setInterval(renderLock, 1000)
        renderLock()
        notify.failure('Access Denied', `${result.message} Wait ${waitText(result.lockedForSeconds)}.`)
      } else {
        notify.failure('Access Denied', 'Invalid admin password')
      }
      field.focus()
    } catch {
      notify.failure('Access Denied', 'The server could not be reached. Please try again.')
    }
  }

  render($session.get())
  $session.listen(render)
  void checkSession()
}

let preparing = false
/**
 * Fetches and starts the panel in the background as soon as the gate is up (its HTML is already
 * painted): React, the shell and the tab the address names. A password manager may submit at
 * once; the panel then loads while the password is checked.
 */
function preparePanel(): void {
  if (preparing) return
  preparing = true
  void import('../admin-root.tsx').then((root) => {
    void root.mountAdmin()
    void root.adminShell.load()
  })
  void import('../shell/tabs.ts').then((tabs) => tabs.preloadTab(window.location.search))
}

const mountPanel = () => import('../admin-root.tsx').then((m) => m.mountAdmin())
