import { useState, type FormEvent } from 'react'
import { championshipSourceContract, type ChampionshipSourceBody } from '../../../lib/forms/championship-source.ts'
import { formProblem } from '../../../lib/forms/contract.ts'
import { sourceLabel } from '../../../lib/standings-source.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'
import { useSetSource } from './use-championship-sources.ts'

const sourceOptions = [
  { value: 'jolpica', label: 'Official results (Jolpica-F1)' },
  { value: 'results', label: 'Race results (imported files)' },
  { value: 'ai', label: 'AI-generated' },
] as const

const presetOptions = [
  { value: 'f1', label: 'F1: 25-18-15-12-10-8-6-4-2-1' },
  { value: 'custom', label: 'Custom list' },
] as const

interface Form {
  championshipName: string
  source: 'jolpica' | 'results' | 'ai'
  sourceSeason: string
  season: string
  pointsPreset: 'f1' | 'custom'
  customPoints: string
  fastestLapPoints: string
  polePoints: string
  totalRounds: string
  carClass: string
}

const blank: Form = {
  championshipName: '',
  source: 'results',
  sourceSeason: 'current',
  season: '',
  pointsPreset: 'f1',
  customPoints: '',
  fastestLapPoints: '0',
  polePoints: '0',
  totalRounds: '',
  carClass: '',
}

function bodyOf(f: Form): ChampionshipSourceBody {
  const base = { championshipName: f.championshipName, season: f.season }
  if (f.source === 'jolpica')
    return { ...base, source: 'jolpica', series: 'f1', sourceSeason: f.sourceSeason.trim() || 'current' }
  if (f.source === 'ai') return { ...base, source: 'ai' }
  return {
    ...base,
    source: 'results',
    pointsPreset: f.pointsPreset,
    customPoints: f.customPoints,
    fastestLapPoints: f.fastestLapPoints,
    polePoints: f.polePoints,
    totalRounds: f.totalRounds,
    carClass: f.carClass,
  }
}

/**
 * Where a championship's standings come from (docs/decisions/0420): official results read from
 * Jolpica-F1, a table computed from imported race results with the owner's points system, or the
 * AI. A new name adds a championship; an existing one changes its source (its version is kept).
 */
export function ChampionshipSourceForm() {
  const [form, setForm] = useState<Form>(blank)
  const save = useSetSource()
  const time = usePanelTime()
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = bodyOf(form)
    const problem = formProblem(championshipSourceContract, body)
    if (problem) return notify.problem(problem)
    save.mutate(body, {
      onSuccess: (saved) => {
        const label = sourceLabel(saved, time.recent)
        notify.success('Source Saved', `${saved.championshipName}: ${label.title} (${label.detail}).`)
        setForm(blank)
      },
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Error', 'Failed to save the championship source', error)
      },
    })
  }

  return (
    <section aria-labelledby="source-form-heading" className="rounded-xl border border-line p-5">
      <h3 id="source-form-heading" className="mb-1 scroll-mt-20 text-lg font-bold text-white">
        Championship Sources
      </h3>
      <p className="mb-4 text-sm text-gray-300">
        Official results and race results are never overwritten by the AI. A name that exists changes that
        championship's source.
      </p>
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name of the championship"
          value={form.championshipName}
          onChange={(championshipName) => set({ championshipName })}
          required
        />
        <SelectField
          label="Standings source"
          value={form.source}
          onChange={(source) => set({ source: source as Form['source'] })}
          options={sourceOptions}
        />
        {form.source === 'jolpica' && (
          <TextField
            label="Season to read"
            hint="current, or a year such as 2025 (Formula 1)"
            value={form.sourceSeason}
            onChange={(sourceSeason) => set({ sourceSeason })}
          />
        )}
        {form.source === 'results' && (
          <>
            <TextField label="Season" value={form.season} onChange={(season) => set({ season })} hint="e.g. 2026" />
            <SelectField
              label="Points system"
              value={form.pointsPreset}
              onChange={(pointsPreset) => set({ pointsPreset: pointsPreset as Form['pointsPreset'] })}
              options={presetOptions}
            />
            {form.pointsPreset === 'custom' && (
              <TextField
                label="Points per position"
                hint="First place first, separated by commas: 30, 25, 20, 15"
                value={form.customPoints}
                onChange={(customPoints) => set({ customPoints })}
              />
            )}
            <TextField
              label="Fastest-lap points"
              inputMode="decimal"
              value={form.fastestLapPoints}
              onChange={(fastestLapPoints) => set({ fastestLapPoints })}
            />
            <TextField
              label="Pole points"
              inputMode="decimal"
              value={form.polePoints}
              onChange={(polePoints) => set({ polePoints })}
            />
            <TextField
              label="Rounds in the season"
              inputMode="numeric"
              value={form.totalRounds}
              onChange={(totalRounds) => set({ totalRounds })}
            />
            <TextField
              label="Class counted"
              hint="Blank counts every car; a class such as GT3 or LMGT3, or a cup such as GT3 Pro-Am, counts only its cars, by class positions"
              value={form.carClass}
              onChange={(carClass) => set({ carClass })}
            />
          </>
        )}
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save Source'}
          </button>
        </div>
      </form>
    </section>
  )
}
