import { useState } from 'react'
import { TextField } from '../../ui/text-field.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { failureDetail, notify } from '../shared/toast.ts'
import { useConfirmTwoFactor, useStartTwoFactor, useTurnOffTwoFactor, useTwoFactor } from './use-two-factor.ts'

interface Setup {
  secret: string
  otpauthUri: string
  qrSvg: string
}

const failed = (title: string) => (error: unknown) => {
  if (!isUnauthorized(error)) notify.failure(title, failureDetail(error))
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text)
    notify.success('Copied', `${what} copied to the clipboard.`)
  } catch {
    notify.failure('Copy Failed', 'The browser did not allow copying: select the text and copy it by hand.')
  }
}

function download(codes: string[]) {
  const text = `SimRacing Hub admin recovery codes (each works once)\n\n${codes.join('\n')}\n`
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: 'admin-recovery-codes.txt' })
  link.click()
  URL.revokeObjectURL(url)
}

/**
 * Two-factor login (docs/decisions/0206): set up with an authenticator app (QR code or the secret),
 * confirmed with a code, which shows the ten recovery codes once; turned off with the password or a
 * current code.
 */
export function TwoFactorLogin() {
  const state = useTwoFactor()
  const start = useStartTwoFactor()
  const confirm = useConfirmTwoFactor()
  const turnOff = useTurnOffTwoFactor()
  const [setup, setSetup] = useState<Setup | null>(null)
  const [code, setCode] = useState('')
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const [proof, setProof] = useState({ password: '', code: '' })

  const enabled = state.data?.enabled
  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (answer) => {
        setSetup(answer)
        setCode('')
      },
      onError: failed('Two-Factor Setup Failed'),
    })
  const submitCode = (event: React.FormEvent) => {
    event.preventDefault()
    if (confirm.isPending) return
    if (!code.trim())
      return notify.failure('Code Required', 'Please enter the 6-digit code from your authenticator app.')
    confirm.mutate(code, {
      onSuccess: (answer) => {
        setSetup(null)
        setRecoveryCodes(answer.recoveryCodes)
        notify.success('Two-Factor Login On', 'Save your recovery codes now: they are shown only once.')
      },
      onError: failed('Two-Factor Setup Failed'),
    })
  }
  const submitOff = (event: React.FormEvent) => {
    event.preventDefault()
    if (turnOff.isPending) return
    if (!proof.password && !proof.code.trim()) {
      return notify.failure('Password or Code Required', 'Please enter your password or a current authentication code.')
    }
    turnOff.mutate(proof.code.trim() ? { code: proof.code } : { password: proof.password }, {
      onSuccess: () => {
        setProof({ password: '', code: '' })
        setRecoveryCodes(null)
        notify.success('Two-Factor Login Off', 'The password alone opens the panel again.')
      },
      onError: failed('Two-Factor Login Still On'),
    })
  }

  return (
    <section aria-labelledby="two-factor-title" className="max-w-xl rounded-xl border border-line bg-panel p-5">
      <h3 id="two-factor-title" className="mb-2 text-lg font-bold text-white">
        Two-Factor Login
      </h3>
      <p className="text-gray-300" aria-live="polite">
        Two-factor login: <strong>{state.data ? (enabled ? 'On' : 'Off') : state.isError ? 'unknown' : '...'}</strong>
      </p>
      <p className="mb-4 text-sm text-gray-400">
        {enabled
          ? `The panel asks for a code from your authenticator app after the password. Recovery codes left: ${state.data?.recoveryCodesLeft ?? 0}.`
          : 'With it on, the panel asks for a code from an authenticator app after the password.'}
      </p>

      {recoveryCodes && (
        <div className="mb-4 flex flex-col gap-3 rounded-lg border border-amber-400/40 p-4">
          <h4 className="font-semibold text-white">Recovery Codes</h4>
          <p className="text-sm text-gray-300">
            Keep these somewhere safe. Each opens the panel once in place of a code if you lose your phone. They are not
            shown again.
          </p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-white">
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-outline"
              onClick={() => void copy(recoveryCodes.join('\n'), 'The recovery codes')}
            >
              Copy Codes
            </button>
            <button type="button" className="btn-outline" onClick={() => download(recoveryCodes)}>
              Download Codes
            </button>
            <button type="button" className="btn-primary" onClick={() => setRecoveryCodes(null)}>
              I Have Saved Them
            </button>
          </div>
        </div>
      )}

      {/* Also shown, disabled, while the state loads: the sections below must not move when it arrives. */}
      {!enabled && !setup && (
        <button
          type="button"
          className="btn-primary"
          onClick={begin}
          disabled={!state.data || start.isPending}
          aria-busy={start.isPending}
        >
          {start.isPending ? 'Preparing...' : 'Set Up Two-Factor Login'}
        </button>
      )}

      {!enabled && setup && (
        <form onSubmit={submitCode} className="flex flex-col gap-4" noValidate>
          <p className="text-sm text-gray-300">
            Scan the QR code with your authenticator app, or enter the secret key in it by hand. Then type the 6-digit
            code it shows.
          </p>
          <img
            src={`data:image/svg+xml;base64,${btoa(setup.qrSvg)}`}
            alt="QR code of the secret key for an authenticator app"
            width={200}
            height={200}
            className="rounded bg-white"
          />
          <div className="flex items-end gap-2">
            <TextField
              label="Secret key"
              value={setup.secret}
              onChange={() => {}}
              readOnly
              className="grow font-mono"
            />
            <button type="button" className="btn-outline" onClick={() => void copy(setup.secret, 'The secret key')}>
              Copy Secret
            </button>
          </div>
          <a href={setup.otpauthUri} className="text-sm text-sky-300 underline">
            Open in an authenticator app on this device
          </a>
          <TextField
            label="Authentication code"
            value={code}
            onChange={setCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            hint="The 6-digit code your app shows now."
          />
          <div className="flex gap-2">
            <button type="submit" className="btn-primary" disabled={confirm.isPending} aria-busy={confirm.isPending}>
              {confirm.isPending ? 'Checking...' : 'Turn On Two-Factor Login'}
            </button>
            <button type="button" className="btn-outline" onClick={() => setSetup(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}

      {enabled && (
        <form onSubmit={submitOff} className="flex flex-col gap-4" noValidate>
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={proof.password}
            onChange={(password) => setProof((p) => ({ ...p, password }))}
          />
          <TextField
            label="Or a current authentication code"
            value={proof.code}
            onChange={(c) => setProof((p) => ({ ...p, code: c }))}
            autoComplete="one-time-code"
          />
          <div>
            <button type="submit" className="btn-outline" disabled={turnOff.isPending} aria-busy={turnOff.isPending}>
              {turnOff.isPending ? 'Turning off...' : 'Turn Off Two-Factor Login'}
            </button>
          </div>
        </form>
      )}
    </section>
  )
}
