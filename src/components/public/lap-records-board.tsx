import { useState } from 'react'
import { api, unwrap } from '../../lib/api-client.ts'
import { LAP_TIMES_EMPTY_NOTE, lapRecordCells } from '../../lib/lap-records.ts'
import type { LapRecordItem, LapTrackItem } from '../../lib/public-types.ts'
import { RetryButton, StatePanel } from '../ui/state-panel.tsx'
import { useHydrated } from '../ui/use-hydrated.ts'
import { pageList } from './page-list.ts'

/** Records a track shows before and after a car is chosen (the API pages on the server). */
const PER_TRACK = 10

/** /lap-times: one section per track, its fastest records, a car filter each (docs/decisions/0423). */
export function LapRecordsBoard({ initial }: { initial: LapTrackItem[] | undefined }) {
  const state = pageList(initial)
  if (state.status === 'error') {
    return (
      <StatePanel kind="error" title="Failed to Load Lap Records" action={<RetryButton />}>
        Unable to fetch lap records at the moment.
      </StatePanel>
    )
  }
  if (state.items.length === 0) {
    return (
      <StatePanel kind="empty" title="No Lap Records Yet">
        <p>No lap times have been imported yet.</p>
        <p className="mt-1 text-sm text-gray-400">{LAP_TIMES_EMPTY_NOTE}</p>
      </StatePanel>
    )
  }
  return (
    <div className="flex flex-col gap-10">
      {state.items.map((track) => (
        <TrackRecords key={track.track} track={track} />
      ))}
    </div>
  )
}

type CarRecords = { status: 'ready'; records: LapRecordItem[]; total: number } | { status: 'loading' } | { status: 'error' }

function TrackRecords({ track }: { track: LapTrackItem }) {
  const hydrated = useHydrated()
  const [car, setCar] = useState('')
  const [byCar, setByCar] = useState<CarRecords | null>(null)
  const headingId = `track-${track.track.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`

  const choose = async (next: string) => {
    setCar(next)
    if (next === '') return setByCar(null)
    setByCar({ status: 'loading' })
    try {
      const response = api['lap-times'].$get({ query: { track: track.track, car: next, limit: String(PER_TRACK) } })
      const total = Number((await response).headers.get('x-total-count') ?? 0)
      const records = await unwrap(response)
      setByCar({ status: 'ready', records, total })
    } catch {
      setByCar({ status: 'error' })
    }
  }

  const shown = byCar === null ? { status: 'ready' as const, records: track.records, total: track.total } : byCar
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-panel p-5">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-bold text-white">
            {track.track}
          </h2>
          <p className="text-sm text-gray-300" aria-live="polite">
            {shown.status === 'ready' ? `${shown.total} ${shown.total === 1 ? 'record' : 'records'}` : ' '}
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm text-gray-300">
          Car
          <select value={car} onChange={(e) => void choose(e.target.value)} disabled={!hydrated} className="field">
            <option value="">All cars</option>
            {track.cars.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </div>
      {shown.status === 'loading' ? (
        <p role="status" className="text-gray-300">
          Loading lap records...
        </p>
      ) : shown.status === 'error' ? (
        <p role="alert" className="text-red-300">
          The records of this car could not be loaded. Please try again.
        </p>
      ) : (
        <RecordsTable track={track.track} records={shown.records} />
      )}
    </section>
  )
}

function RecordsTable({ track, records }: { track: string; records: LapRecordItem[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Fastest laps at {track}</caption>
        <thead className="text-gray-300">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Pos
            </th>
            <th scope="col" className="py-2 pr-3">
              Driver
            </th>
            <th scope="col" className="py-2 pr-3">
              Car
            </th>
            <th scope="col" className="py-2 pr-3">
              Lap time
            </th>
            <th scope="col" className="py-2 pr-3">
              Session
            </th>
            <th scope="col" className="py-2">
              Date
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record, i) => {
            const cells = lapRecordCells(record)
            return (
              <tr key={record.id} className="border-t border-line">
                <td className="py-2 pr-3 font-bold text-white">{i + 1}</td>
                <td className="py-2 pr-3 text-white">
                  {record.driverName}
                  {record.team && <span className="block text-xs text-gray-300">{record.team}</span>}
                </td>
                <td className="py-2 pr-3">{record.car}</td>
                <td className="py-2 pr-3 font-mono font-bold text-white">{cells.lapTime}</td>
                <td className="py-2 pr-3">{cells.session}</td>
                <td className="py-2 whitespace-nowrap">{cells.date}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
