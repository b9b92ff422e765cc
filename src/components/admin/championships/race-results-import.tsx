import { useId, useRef, useState, type FormEvent } from 'react'
import { formatLapMs } from '../../../lib/lap-time.ts'
import { formProblem } from '../../../lib/forms/contract.ts'
import { raceImportContract } from '../../../lib/forms/championship-source.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import {
  dropUpload,
  useDriverQuestions,
  useImportResultFile,
  usePreviewResultFile,
  type ResultPreview,
} from './use-race-results.ts'
import { useStandings } from './use-standings.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'

const statusWords = {
  finished: 'Finished',
  dnf: 'Retired',
  dq: 'Disqualified',
  dns: 'No lap',
  nt: 'No time',
} as const

/**
 * Import Race Results (docs/decisions/0421): choose an ACC JSON or an LMU / rFactor 2 XML file, see
 * what it holds (the session, the classification, the fastest laps), choose the championship and
 * the round, import. The championship's standings are computed again from all its rounds.
 */
export function RaceResultsImport() {
  const fileInput = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const preview = usePreviewResultFile()
  const importFile = useImportResultFile()
  const standings = useStandings()
  const [current, setCurrent] = useState<ResultPreview | null>(null)
  const [championshipId, setChampionshipId] = useState('')
  const [round, setRound] = useState('1')
  const championships = (standings.data ?? []).filter((s) => s.source === 'results')
  const questions = useDriverQuestions(current, championshipId).data ?? []
  // The owner's answers, by car position and name; a question not answered keeps its suggestion.
  const [answers, setAnswers] = useState<Record<string, string>>({})
  const answerKey = (q: { position: number; name: string }) => `${q.position}|${q.name}`

  const reset = () => {
    if (current) void dropUpload(current.uploadId)
    setCurrent(null)
    setAnswers({})
    if (fileInput.current) fileInput.current.value = ''
  }

  const read = (file: File | undefined) => {
    if (!file) return
    if (current) void dropUpload(current.uploadId)
    setCurrent(null)
    setAnswers({})
    preview.mutate(file, {
      onSuccess: (read) => {
        setCurrent(read)
        const first = championships[0]
        if (!championshipId && first) setChampionshipId(String(first.id))
        const chosen = championships.find((c) => String(c.id) === championshipId) ?? first
        if (chosen) setRound(String((chosen.completedRounds ?? 0) + 1))
      },
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Import Failed', 'This file cannot be imported.', error)
        if (fileInput.current) fileInput.current.value = ''
      },
    })
  }

  // Another championship: its own next round (issue 45: the previous one's stayed, a 4 for a
  // championship with no round yet).
  const chooseChampionship = (id: string) => {
    setChampionshipId(id)
    const chosen = championships.find((c) => String(c.id) === id)
    if (chosen) setRound(String((chosen.completedRounds ?? 0) + 1))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!current) return
    const drivers = questions.map((q) => ({
      position: q.position,
      name: q.name,
      identity: answers[answerKey(q)] ?? q.suggested,
    }))
    const body = { championshipId, round, fileName: current.fileName, drivers }
    const problem = formProblem(raceImportContract, body)
    if (problem) return notify.problem(problem)
    importFile.mutate(
      { ...body, uploadId: current.uploadId },
      {
        onSuccess: (done) => {
          notify.success(
            'Results Imported',
            `Round ${done.round} of ${done.championshipName}: ${done.cars} cars, ${done.laps} valid laps. The standings were computed again.`,
          )
          setCurrent(null)
          if (fileInput.current) fileInput.current.value = ''
        },
        onError: (error) => {
          if (!isUnauthorized(error)) notify.failed('Import Failed', 'The results were not imported.', error)
        },
      },
    )
  }

  return (
    <section aria-labelledby="import-results-heading" className="rounded-xl border border-line p-5">
      <h3 id="import-results-heading" className="mb-1 scroll-mt-20 text-lg font-bold text-white">
        Import Race Results
      </h3>
      <p className="mb-4 text-sm text-gray-300">
        A result file of an Assetto Corsa Competizione server (.json), or of Le Mans Ultimate, rFactor 2, rFactor or
        Automobilista (.xml).
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-semibold text-gray-200">
          Result file
        </label>
        <input
          id={inputId}
          ref={fileInput}
          type="file"
          accept=".json,.xml,application/json,text/xml,application/xml"
          className="field"
          disabled={preview.isPending || importFile.isPending}
          onChange={(e) => read(e.target.files?.[0])}
        />
      </div>
      {preview.isPending && (
        <p role="status" className="mt-3 text-gray-300">
          Reading the file…
        </p>
      )}
      {current && (
        <form onSubmit={submit} className="mt-5 flex flex-col gap-4" aria-label="Import the previewed results">
          <Preview read={current} />
          {questions.length > 0 && (
            <fieldset className="flex flex-col gap-3 rounded-lg border border-amber-300/40 px-3 py-2">
              <legend className="px-1 font-semibold text-white">Drivers of the Same Name</legend>
              <p className="text-sm text-gray-300">
                These drivers have no player id in the file, and their names are shared or were met in another car. Say
                who each one is: the standings count each choice as one driver.
              </p>
              {questions.map((q) => (
                <SelectField
                  key={answerKey(q)}
                  label={`${q.name} · #${q.carNumber} ${q.car} (P${q.position})`}
                  value={answers[answerKey(q)] ?? q.suggested}
                  onChange={(identity) => setAnswers((a) => ({ ...a, [answerKey(q)]: identity }))}
                  options={q.options.map((o) => ({ value: o.identity, label: o.label }))}
                />
              ))}
            </fieldset>
          )}
          {championships.length === 0 ? (
            <p role="alert" className="text-amber-300">
              No championship is built from race results yet: add one under Championship Sources first.
            </p>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Championship"
                value={championshipId}
                onChange={chooseChampionship}
                options={championships.map((c) => ({ value: String(c.id), label: c.championshipName }))}
              />
              <TextField label="Round" inputMode="numeric" value={round} onChange={setRound} />
            </div>
          )}
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              className="btn-primary"
              disabled={importFile.isPending || championships.length === 0 || current.preview.duplicate !== null}
            >
              {importFile.isPending ? 'Importing…' : 'Import Results'}
            </button>
            <button type="button" className="btn-outline" onClick={reset} disabled={importFile.isPending}>
              Choose Another File
            </button>
          </div>
        </form>
      )}
    </section>
  )
}

function Preview({ read }: { read: ResultPreview }) {
  const p = read.preview
  const time = usePanelTime()
  // A multi-class race shows each car's class and its position in it (docs/decisions/0424).
  const classes = p.classes.length > 1
  const headings = ['Pos', ...(classes ? ['Class'] : []), 'No.', 'Drivers', 'Car', 'Laps', 'Best lap', 'Status']
  return (
    <div className="flex flex-col gap-3">
      <p className="text-white">
        <strong>
          {p.sessionLabel} at {p.track}
          {p.trackVariant ? ` (${p.trackVariant})` : ''}
        </strong>{' '}
        · {p.formatLabel} · {p.startKnown ? time.long(p.startedAt) : 'no date in the file: dated at the import'}
      </p>
      <p className="text-sm text-gray-300">
        {p.classification.length} cars · {p.laps.total} laps, {p.laps.valid} valid
        {p.serverName ? ` · ${p.serverName}` : ''}
      </p>
      {p.duplicate && (
        <p role="alert" className="text-amber-300">
          {p.duplicate}
        </p>
      )}
      {p.repairs.length > 0 && (
        <div className="rounded-lg border border-sky-400/40 px-3 py-2 text-sm text-gray-200">
          <h4 className="font-semibold text-white">Read other than as written</h4>
          <ul aria-label="What was repaired" className="mt-1 list-disc pl-5">
            {p.repairs.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="max-h-80 overflow-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Classification in the file</caption>
          <thead className="text-gray-300">
            <tr>
              {headings.map((h) => (
                <th key={h} scope="col" className="py-1 pr-2">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.classification.map((c) => (
              <tr key={`${c.position}-${c.carNumber}`} className="border-t border-line">
                <td className="py-1 pr-2">{c.position}</td>
                {classes && (
                  <td className="py-1 pr-2">
                    {c.carClass || '–'} P{c.classPosition}
                    {c.cup ? ` · ${c.cup}` : ''}
                  </td>
                )}
                <td className="py-1 pr-2">{c.carNumber}</td>
                <td className="py-1 pr-2 text-white">{c.drivers.map((d) => d.name).join(', ')}</td>
                <td className="py-1 pr-2">{c.car}</td>
                <td className="py-1 pr-2">{c.laps}</td>
                <td className="py-1 pr-2 font-mono">{c.bestLapMs === null ? '–' : formatLapMs(c.bestLapMs)}</td>
                <td className="py-1 pr-2">{statusWords[c.status]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {p.fastestLaps.length > 0 && (
        <div>
          <h4 className="font-semibold text-white">Fastest valid laps</h4>
          <ol className="mt-1 text-sm text-gray-300">
            {p.fastestLaps.map((l, i) => (
              <li key={i}>
                <span className="font-mono text-white">{l.lapTime}</span> {l.driverName} · {l.car} · lap {l.lapNumber}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  )
}
