import { shortDate, streamStartTime } from '../../lib/dates.ts'
import type { StreamItem } from '../../lib/public-types.ts'
import { canWatch, viewersLabel, visibleTags } from '../../lib/streams.ts'
import { Badge } from '../ui/badge.tsx'
import { EyeIcon, PlayIcon } from '../ui/icons.tsx'
import { ResponsiveImage } from '../ui/responsive-image.tsx'

interface Props {
  stream: StreamItem
  /** Home: 'Watch Stream' and the en-US start time; streams page: 'Watch' and the start date. */
  variant: 'home' | 'page'
  headingLevel?: 2 | 3
  /** The first card of the streams page, its largest paint on a phone (loaded at once). */
  priority?: boolean
}

export function StreamCard({ stream, variant, headingLevel = 3, priority = false }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const watchLabel = variant === 'home' ? 'Watch Stream' : 'Watch'
  return (
    <article className="card">
      <div className="relative">
        <ResponsiveImage
          src={stream.thumbnailUrl}
          alt=""
          width={800}
          height={450}
          priority={priority}
          className="card-image"
        />
        <div className="absolute top-3 left-3 flex gap-2">
          {stream.isLive && (
            <Badge tone="live">
              <span className="mr-1.5 inline-block size-2 rounded-full bg-white" aria-hidden="true" />
              LIVE
            </Badge>
          )}
          <Badge tone="grey">{stream.category.toUpperCase()}</Badge>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Heading className="text-lg leading-snug font-bold text-white">{stream.title}</Heading>
        <p className="text-sm font-semibold text-red-400">{stream.streamerName}</p>
        <p className="line-clamp-3 flex-1 text-sm text-gray-300">{stream.description}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-gray-300">
          <span className="inline-flex items-center gap-1">
            <EyeIcon className="size-3.5" />
            {viewersLabel(stream.viewerCount)}
          </span>
          <time dateTime={stream.startTime}>
            {variant === 'home' ? streamStartTime(stream.startTime) : shortDate(stream.startTime)}
          </time>
        </div>
        {stream.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {visibleTags(stream.tags).map((tag) => (
              <li key={tag} className="rounded bg-line px-2 py-0.5 text-xs text-gray-200">
                {tag}
              </li>
            ))}
          </ul>
        )}
        {canWatch(stream.streamUrl) ? (
          <a className="btn-primary mt-2 self-start" href={stream.streamUrl} target="_blank" rel="noopener noreferrer">
            <PlayIcon className="size-4" /> {watchLabel}
            <span className="sr-only"> {stream.title} (opens in a new tab)</span>
          </a>
        ) : (
          <button type="button" className="btn-primary mt-2 self-start" disabled>
            <PlayIcon className="size-4" /> {watchLabel}
          </button>
        )}
      </div>
    </article>
  )
}
