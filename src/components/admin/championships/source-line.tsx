import { describePointsSystem, type PointsSystem } from '../../../lib/race-points.ts'
import { isRealSource, sourceLabel } from '../../../lib/standings-source.ts'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'
import { useRefreshFromSource } from './use-championship-sources.ts'

interface Props {
  set: {
    id: number
    championshipName: string
    source: string
    sourceUrls: string[]
    completedRounds: number | null
    lastUpdated: string
    pointsSystem: PointsSystem | null
  }
}

/** A card's source in words, as the public card shows it, and a refresh from that source. */
export function SourceLine({ set }: Props) {
  const refresh = useRefreshFromSource()
  const time = usePanelTime()
  const label = sourceLabel(set, time.recent)
  const onRefresh = () =>
    refresh.mutate(set.id, {
      onSuccess: () => notify.success('Standings Refreshed', `${set.championshipName} was read again from its source.`),
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Refresh Failed', 'Failed to refresh championship standings.', error)
      },
    })
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-300">
      <span className="rounded-full border border-line px-2 py-0.5 font-semibold text-white">{label.title}</span>
      <span>{label.detail}</span>
      {set.pointsSystem && <span>· {describePointsSystem(set.pointsSystem)}</span>}
      {isRealSource(set.source) && (
        <button
          type="button"
          className="btn-outline text-xs"
          disabled={refresh.isPending}
          aria-label={`Refresh ${set.championshipName} from its source`}
          onClick={onRefresh}
        >
          {refresh.isPending ? 'Refreshing…' : 'Refresh from source'}
        </button>
      )}
    </div>
  )
}
