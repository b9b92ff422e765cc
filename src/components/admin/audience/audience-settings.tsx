import { useState } from 'react'
import { beaconCost, creditsText } from '../../../lib/audience/cost-model.ts'
import { SwitchField } from '../../ui/switch-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { useUnsavedChanges } from '../shared/unsaved.ts'
import { useSaveAnalyticsSettings, type AudienceSettings } from './use-audience.ts'

const sampleProblem = (text: string) =>
  /^\d{1,4}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 1000
    ? undefined
    : 'One view in N must be a whole number from 1 to 1000.'

/**
 * The owner's audience settings (docs/decisions/0851, 0852): counting on or off, one view in N with
 * what it costs, the home page's gear by clicks, and 'Most read this week' under articles.
 */
export function AudienceSettingsForm({ stored }: { stored: AudienceSettings }) {
  const [form, setForm] = useState({ ...stored, sampleRate: String(stored.sampleRate) })
  const save = useSaveAnalyticsSettings()
  const dirty =
    form.enabled !== stored.enabled ||
    form.sampleRate.trim() !== String(stored.sampleRate) ||
    form.gearByClicks !== stored.gearByClicks ||
    form.mostRead !== stored.mostRead
  useUnsavedChanges(dirty)
  const rate = sampleProblem(form.sampleRate) ? stored.sampleRate : Number(form.sampleRate)
  const perHundredThousand = beaconCost(100_000, rate)
  const perMillion = beaconCost(1_000_000, rate)

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    const problem = sampleProblem(form.sampleRate)
    if (problem) return notify.failure('Settings Not Saved', problem)
    save.mutate(
      { ...form, sampleRate: Number(form.sampleRate) },
      {
        onSuccess: (saved) => {
          setForm({ ...saved, sampleRate: String(saved.sampleRate) })
          notify.success('Settings Saved', 'The public pages follow the new settings now.')
        },
        onError: (error) => {
          if (!isUnauthorized(error)) notify.failed('Error', 'Failed to save the audience settings', error)
        },
      },
    )
  }

  return (
    <section aria-labelledby="audience-settings-title" className="rounded-xl border border-line bg-panel p-5">
      <h3 id="audience-settings-title" className="mb-4 text-lg font-bold text-white">
        Counting settings
      </h3>
      <form onSubmit={submit} className="flex max-w-2xl flex-col gap-5" noValidate>
        <SwitchField
          label="Count page views"
          // The line says what the switch does in the state it shows (issue 45: it described 'Off'
          // under a switch that was on).
          description={
            form.enabled
              ? 'On: each page sends its view and each purchase link its click, counted without cookies.'
              : 'Off: the pages send nothing and no view or click is counted.'
          }
          checked={form.enabled}
          onChange={(enabled) => setForm((f) => ({ ...f, enabled }))}
        />
        <TextField
          label="Count one view in N"
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          className="max-w-xs"
          value={form.sampleRate}
          onChange={(sampleRate) => setForm((f) => ({ ...f, sampleRate }))}
          hint="1 counts every view. 10 sends one view in ten, counted as ten: a tenth of the function calls, figures that are estimates."
        />
        <p className="text-sm text-gray-300">
          Each view sent is one function call on Netlify: at one in {rate}, about{' '}
          <strong>{creditsText(perHundredThousand.credits)}</strong> per 100,000 page views and{' '}
          <strong>{creditsText(perMillion.credits)}</strong> per 1,000,000.
        </p>
        <SwitchField
          label="Order the home page's gear by clicks"
          description="Most clicked purchase links of the last 30 days first; it changes once a day."
          checked={form.gearByClicks}
          onChange={(gearByClicks) => setForm((f) => ({ ...f, gearByClicks }))}
        />
        <SwitchField
          label="Show 'Most read this week' under articles"
          description="The five most read articles of the last seven days."
          checked={form.mostRead}
          onChange={(mostRead) => setForm((f) => ({ ...f, mostRead }))}
        />
        <div>
          <button type="submit" className="btn-primary" disabled={save.isPending || !dirty} aria-busy={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </button>
        </div>
      </form>
    </section>
  )
}
