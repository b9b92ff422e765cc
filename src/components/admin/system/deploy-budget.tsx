import { useStore } from '@nanostores/react'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { api, unwrap } from '../../../lib/api-client.ts'
import { TextField } from '../../ui/text-field.tsx'
import { $publishStatus, refreshPublishStatus } from '../shared/publish-status.ts'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'

interface Budget {
  monthlyDeployBudget: number
  creditsPerDeploy: number
}

/**
 * This month's production deploys and their credits, and the owner's monthly deploy budget
 * (docs/decisions/0204). Content needs no deploy (it purges the CDN, decision 0700): deploys are for
 * code, and for the owner's 'Rebuild Site' (the pre-rendered admin shell and 404 page).
 */
export function DeployBudget() {
  const status = useStore($publishStatus)
  const deploys = status?.deploys
  const time = usePanelTime()
  const [form, setForm] = useState<{ budget: string; credits: string } | null>(null)
  useEffect(() => {
    if (deploys && form === null) {
      setForm({ budget: String(deploys.monthlyDeployBudget), credits: String(deploys.creditsPerDeploy) })
    }
  }, [deploys, form])
  const save = useMutation({
    mutationFn: (json: Budget) => unwrap(api.admin['deploy-budget'].$post({ json })),
  })
  const rebuild = useMutation({ mutationFn: () => unwrap(api.admin.rebuild.$post()) })
  const askRebuild = () => {
    if (rebuild.isPending) return
    rebuild.mutate(undefined, {
      onSuccess: ({ decision }) => {
        if (decision.action === 'deploy') notify.success('Rebuild Started', 'Netlify is building the site.')
        else if (decision.action === 'wait')
          notify.success(
            'Rebuild Planned',
            `The deploy budget allows the next build at ${time.recent(decision.until)}.`,
          )
        else notify.failure('Rebuild Held', 'The deploy budget of this month is spent.')
        void refreshPublishStatus()
      },
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Error', 'Failed to ask for a rebuild', error)
      },
    })
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!form || save.isPending) return
    save.mutate(
      { monthlyDeployBudget: Number(form.budget), creditsPerDeploy: Number(form.credits) },
      {
        onSuccess: () => {
          notify.success('Settings Saved', 'The deploy budget has been saved.')
          void refreshPublishStatus()
        },
        onError: (error) => {
          if (!isUnauthorized(error)) notify.failed('Error', 'Failed to save the deploy budget', error)
        },
      },
    )
  }
  const next = deploys?.next
  return (
    <section aria-labelledby="deploys-title" className="max-w-xl rounded-xl border border-line bg-panel p-5">
      <h3 id="deploys-title" className="mb-2 text-lg font-bold text-white">
        Deploys
      </h3>
      <p className="text-gray-300" aria-live="polite">
        {deploys
          ? `Deploys this month: ${deploys.deploysThisMonth} (${deploys.creditsThisMonth} credits) of ${deploys.monthlyDeployBudget}`
          : 'Loading deploys...'}
      </p>
      {/* Two lines kept from the start: the text that arrives takes two on a desktop, and the form's
          buttons below it had moved down when it came (tests/e2e/admin-layout.spec.ts). */}
      <p className="mb-4 min-h-10 text-sm text-gray-400">
        {!deploys
          ? '\u00a0'
          : !deploys.hookConfigured
            ? 'Content changes need no deploy: they purge the CDN. No build hook is set (REBUILD_HOOK_URL).'
            : next?.action === 'hold'
              ? 'The budget is spent until next month. Content changes need no deploy: they purge the CDN.'
              : next?.action === 'wait'
                ? `Next rebuild possible at ${time.recent(next.until)}. Content changes need no deploy: they purge the CDN.`
                : 'Content changes need no deploy: they purge the CDN. A rebuild would start at once.'}
      </p>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextField
          label="Monthly deploy budget"
          type="number"
          hint="Production deploys a month; each costs credits on Netlify's credit plans."
          value={form?.budget ?? ''}
          onChange={(budget) => setForm((f) => ({ budget, credits: f?.credits ?? '15' }))}
        />
        <TextField
          label="Credits per deploy"
          type="number"
          value={form?.credits ?? ''}
          onChange={(credits) => setForm((f) => ({ credits, budget: f?.budget ?? '20' }))}
        />
        <div>
          <button type="submit" className="btn-primary" disabled={!form || save.isPending} aria-busy={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Deploy Budget'}
          </button>
        </div>
        {deploys?.hookConfigured && (
          <div>
            <button
              type="button"
              className="btn-outline"
              onClick={askRebuild}
              disabled={rebuild.isPending}
              aria-busy={rebuild.isPending}
            >
              {rebuild.isPending ? 'Asking...' : 'Rebuild Site'}
            </button>
          </div>
        )}
      </form>
    </section>
  )
}
