import { useState } from 'react'
import { passwordProblem } from '../../../lib/admin/form-rules.ts'
import { TextField } from '../../ui/text-field.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { failureDetail, notify } from '../shared/toast.ts'
import { useUnsavedChanges } from '../shared/unsaved.ts'
import { BackupRestore } from './backup-restore.tsx'
import { DeployBudget } from './deploy-budget.tsx'
import { Publishing } from './publishing.tsx'
import { TimeZoneSetting } from './time-zone-setting.tsx'
import { TwoFactorLogin } from './two-factor.tsx'
import { useChangePassword, type PasswordChange } from './use-change-password.ts'
import { BrokenLinks } from '../shared/link-figures.tsx'

const blank: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' }

/** System tab: change password (spec 001 section 5 messages) and a status panel. */
export default function SystemTab() {
  const [form, setForm] = useState(blank)
  const change = useChangePassword()
  useUnsavedChanges(form.currentPassword !== '' || form.newPassword !== '' || form.confirmPassword !== '')
  const set = (patch: Partial<PasswordChange>) => setForm((f) => ({ ...f, ...patch }))
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (change.isPending) return
    const problem = passwordProblem(form)
    if (problem) return notify.problem(problem)
    change.mutate(form, {
      onSuccess: () => {
        setForm(blank)
        notify.success('Password Changed', 'Your password has been changed. Every other session has been logged out.')
      },
      onError: (error) => {
        if (isUnauthorized(error)) return
        notify.failure('Password Change Failed', failureDetail(error))
      },
    })
  }
  return (
    <div className="flex flex-col gap-6">
      <h2 className="section-title">System Settings</h2>
      <section aria-labelledby="password-title" className="max-w-xl rounded-xl border border-line bg-panel p-5">
        <h3 id="password-title" className="mb-4 text-lg font-bold text-white">
          Change Admin Password
        </h3>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={form.currentPassword}
            onChange={(currentPassword) => set({ currentPassword })}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters."
            value={form.newPassword}
            onChange={(newPassword) => set({ newPassword })}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={(confirmPassword) => set({ confirmPassword })}
          />
          <div>
            <button type="submit" className="btn-primary" disabled={change.isPending} aria-busy={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </button>
          </div>
        </form>
      </section>
      <TwoFactorLogin />
      <Publishing />
      <DeployBudget />
      <BackupRestore />
      <TimeZoneSetting />
      <section aria-labelledby="status-title" className="max-w-xl rounded-xl border border-line bg-panel p-5">
        <h3 id="status-title" className="mb-2 text-lg font-bold text-white">
          System Status
        </h3>
        <ul className="flex flex-col gap-1 text-gray-300">
          <li>Admin access: password stored as a slow hash; sessions in HttpOnly cookies.</li>
          <li>Changing the password logs out every other session.</li>
          <li>Publishing: a save purges the pages it changed; the header shows when they are live.</li>
        </ul>
      </section>
      {/* Last, so that nothing above moves when the list arrives (docs/decisions/0853). */}
      <BrokenLinks />
    </div>
  )
}
