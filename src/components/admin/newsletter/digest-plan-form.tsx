import { useState } from 'react'
import { formProblem } from '../../../lib/forms/contract.ts'
import { DIGEST_INTRO_MAX, digestPlanContract } from '../../../lib/newsletter/digest-plan.ts'
import { TextareaField } from '../../ui/textarea-field.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { failureDetail, notify } from '../shared/toast.ts'
import { useSavePlan, type DigestPreviewData } from './use-newsletter.ts'

type Row = DigestPreviewData['rows'][number]

/**
 * The owner's shape of the next digest (decision 0874): an intro above the articles, and the
 * period's articles to keep or leave out and put in order. Saved, the preview beside it is the
 * email made with it, and so is the digest the schedule sends next.
 */
export function DigestPlanForm({ preview }: { preview: DigestPreviewData }) {
  const [intro, setIntro] = useState(preview.plan.intro)
  const [rows, setRows] = useState<Row[]>(preview.rows)
  const save = useSavePlan()

  /** Moves the row at `index` to `to` (0: the top). */
  const move = (index: number, to: number) =>
    setRows((current) => {
      const next = [...current]
      const [row] = next.splice(index, 1)
      next.splice(to, 0, row!)
      return next
    })
  const toggle = (id: number) =>
    setRows((current) => current.map((r) => (r.id === id ? { ...r, included: !r.included } : r)))

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    const plan = { intro, order: rows.map((r) => r.id), dropped: rows.filter((r) => !r.included).map((r) => r.id) }
    const problem = formProblem(digestPlanContract, plan)
    if (problem) return notify.failure(problem.title, problem.description)
    save.mutate(plan, {
      onSuccess: () => notify.success('Digest Saved', 'The next digest goes out as the preview shows it.'),
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failure('Digest Not Saved', failureDetail(error))
      },
    })
  }

  return (
    <form onSubmit={submit} aria-label="Shape the next digest" className="flex flex-col gap-4">
      <TextareaField
        label="Intro"
        value={intro}
        onChange={setIntro}
        rows={3}
        maxLength={DIGEST_INTRO_MAX}
        placeholder="A few words above the articles (a blank line starts a new paragraph)."
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-gray-200">Articles, in the digest&apos;s order</legend>
        <ol aria-label="Articles of the next digest" className="flex flex-col gap-2">
          {rows.map((row, index) => (
            <li key={row.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-2">
              <label className="flex min-w-0 flex-1 items-center gap-2 text-white">
                <input type="checkbox" checked={row.included} onChange={() => toggle(row.id)} />
                <span className={row.included ? '' : 'text-gray-400 line-through'}>{row.title}</span>
              </label>
              <button
                type="button"
                className="btn-outline px-2 py-1 text-sm"
                aria-label={`Move ${row.title} to the top`}
                disabled={index === 0}
                onClick={() => move(index, 0)}
              >
                Top
              </button>
              <button
                type="button"
                className="btn-outline px-2 py-1 text-sm"
                aria-label={`Move ${row.title} up`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                Up
              </button>
              <button
                type="button"
                className="btn-outline px-2 py-1 text-sm"
                aria-label={`Move ${row.title} down`}
                disabled={index === rows.length - 1}
                onClick={() => move(index, index + 1)}
              >
                Down
              </button>
            </li>
          ))}
        </ol>
      </fieldset>
      <div>
        <button type="submit" className="btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Digest'}
        </button>
      </div>
    </form>
  )
}
