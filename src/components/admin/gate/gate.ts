import { $session, checkSession, login, verifyCode, type LoginResult, type SessionState } from '../shared/session.ts'
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
  // Two steps: the password, then (two-factor login on, docs/decisions/0206) the code.
  const steps = {
    password: stepOf(root, 'password', 'admin-gate-password'),
    code: stepOf(root, 'code', 'admin-gate-code'),
  }
  const lockNote = document.getElementById('admin-gate-lock')!

  let step: keyof typeof steps = 'password'
  const active = () => steps[step]
  let busy = false
  let lockedUntil = 0
  let lockTimer: ReturnType<typeof setInterval> | undefined

  const lockedFor = () => Math.max(0, Math.ceil((lockedUntil - Date.now()) / 1000))
  const renderButton = () => {
    for (const { button } of Object.values(steps)) {
      button.disabled = busy || lockedFor() > 0
      button.setAttribute('aria-busy', String(busy))
    }
  }
  const renderLock = () => {
    const seconds = lockedFor()
    lockNote.hidden = seconds === 0
    lockNote.textContent = seconds > 0 ? `Too many failed attempts. Try again in ${waitText(seconds)}.` : ''
    for (const { field, describedBy } of Object.values(steps)) {
      const ids = [describedBy, seconds > 0 ? lockNote.id : ''].filter(Boolean).join(' ')
      if (ids) field.setAttribute('aria-describedby', ids)
      else field.removeAttribute('aria-describedby')
    }
    renderButton()
    if (seconds === 0 && lockTimer) {
      clearInterval(lockTimer)
      lockTimer = undefined
    }
  }

  const showStep = (next: keyof typeof steps) => {
    step = next
    for (const [name, { form, field }] of Object.entries(steps)) {
      form.hidden = name !== step
      field.value = ''
    }
    active().field.focus()
  }

  /** The gate as the page (locked), as a dialog over the panel (expired), or out of the way. */
  const render = (state: SessionState) => {
    if (state !== 'checking' && step !== 'password') showStep('password')
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
      active().field.focus()
      preparePanel()
    }
    if (state === 'open' || expired) void mountPanel()
  }

  for (const [name, { form, field }] of Object.entries(steps)) {
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      if (busy || lockedFor() > 0) return
      busy = true
      renderButton()
      const sent = name === 'code' ? verifyCode(field.value) : login(field.value)
      void answer(sent).finally(() => {
        busy = false
        renderButton()
      })
    })
  }

  async function answer(sent: Promise<LoginResult>) {
    const { field } = active()
    try {
      const result = await sent
      field.value = ''
      if (result.ok) {
        const left = result.recoveryCodesLeft
        const used = left === undefined ? undefined : `Recovery code used: ${left} left.`
        // Wrong codes while the owner was away: a notice that stays until it is closed.
        if (result.failedCodes) {
          notify.report('failure', 'Welcome, Admin!', [result.failedCodes, used].filter(Boolean).join('\n'))
        } else notify.success('Welcome, Admin!', used)
        return
      }
      if ('needsCode' in result) return showStep('code')
      if ('startOver' in result) {
        showStep('password')
        return notify.failure('Access Denied', result.message)
      }
      if (result.lockedForSeconds) {
        lockedUntil = Date.now() + result.lockedForSeconds * 1000
        lockTimer ??= setInterval(renderLock, 1000)
        renderLock()
        notify.failure('Access Denied', `${result.message} Wait ${waitText(result.lockedForSeconds)}.`)
      } else {
        notify.failure('Access Denied', step === 'code' ? 'Invalid authentication code' : 'Invalid admin password')
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

/** One step of the gate: its form, field and button, and the hint the field keeps. */
function stepOf(root: HTMLElement, name: string, fieldId: string) {
  const form = root.querySelector<HTMLFormElement>(`form[data-gate-step="${name}"]`)!
  const field = document.getElementById(fieldId) as HTMLInputElement
  return {
    form,
    field,
    button: form.querySelector<HTMLButtonElement>('button[type="submit"]')!,
    describedBy: field.getAttribute('aria-describedby') ?? '',
  }
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
