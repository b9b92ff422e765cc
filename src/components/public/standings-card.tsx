import { numericDate } from '../../lib/dates.ts'
import type { StandingsItem } from '../../lib/public-types.ts'
import { podiumColor, pointsLabel, topDrivers } from '../../lib/standings.ts'
import { sourceLabel } from '../../lib/standings-source.ts'
import { TrophyIcon } from '../ui/icons.tsx'
import { LocalTime } from './local-time.tsx'

const podium = {
  gold: 'bg-amber-400 text-black',
  silver: 'bg-gray-300 text-black',
  bronze: 'bg-amber-700 text-white',
  none: 'bg-line text-white',
} as const

const badge = {
  'Official results': 'border-emerald-400/60 text-emerald-300',
  'From race results': 'border-sky-400/60 text-sky-300',
  'AI-generated': 'border-amber-400/60 text-amber-300',
} as Record<string, string>

export function StandingsCard({ championship, headingLevel = 3 }: { championship: StandingsItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const label = sourceLabel(championship)
  const next = championship.nextEvent
  const slug = championship.calendarPath.split('#')[1]
  return (
    <article id={slug} className="flex scroll-mt-24 flex-col gap-4 rounded-xl border border-line bg-panel p-5">
      <header className="flex items-start gap-3">
        <TrophyIcon className="mt-1 size-6 shrink-0 text-amber-400" />
        <div>
          <Heading className="text-lg font-bold text-white">{championship.championshipName}</Heading>
          <p className="text-sm text-gray-300">
            Season {championship.season} · <span>Updated: {numericDate(championship.lastUpdated)}</span>
          </p>
        </div>
      </header>
      {/* Where the table comes from, in words (docs/decisions/0420): official, from race results, or the AI's. */}
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-300">
        <span className={`rounded-full border px-2 py-0.5 font-semibold ${badge[label.title] ?? ''}`}>{label.title}</span>
        <span>{label.detail}</span>
      </p>
      <ol className="flex flex-col gap-2" aria-label={`Top 3 of ${championship.championshipName}`}>
        {topDrivers(championship.standings).map((row) => (
          <li key={`${row.position}-${row.driverName}`} className="flex items-center gap-3 rounded-lg bg-ink/60 px-3 py-2">
            <span
              className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-black ${podium[podiumColor(row.position)]}`}
              data-podium={podiumColor(row.position)}
            >
              <span className="sr-only">Position </span>
              {row.position}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-white">{row.driverName}</span>
              <span className="block truncate text-xs text-gray-300">{row.team}</span>
            </span>
            <span className="font-bold whitespace-nowrap text-white">{pointsLabel(row.points)}</span>
          </li>
        ))}
      </ol>
      {/* The whole table, each round's results and the races ahead (docs/decisions/0873). */}
      <a href={championship.path} className="btn-outline self-start text-sm">
        Full Standings<span className="sr-only"> of {championship.championshipName}</span>
      </a>
      {/* The championship's next race, in the reader's zone once live, and its calendar (docs/decisions/0425). */}
      <p className="mt-auto border-t border-line pt-3 text-sm text-gray-300">
        {next ? (
          <>
            <span className="font-semibold text-white">Next: </span>
            {next.round ? `Round ${next.round}, ` : ''}
            {next.name}
            {next.track && next.track !== next.name ? ` at ${next.track}` : ''} · {next.sessionName}{' '}
            <LocalTime value={next.startsAt} /> ·{' '}
          </>
        ) : null}
        <a href={championship.calendarPath} className="font-semibold text-white underline decoration-brand underline-offset-4">
          Race calendar<span className="sr-only"> of {championship.championshipName}</span>
        </a>
      </p>
    </article>
  )
}
