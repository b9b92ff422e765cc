import { GO_REL, goPath } from '../../lib/audience/go-links.ts'
import { gameRatingBadge } from '../../lib/game-rating.ts'
import type { GameItem } from '../../lib/public-types.ts'
import { ExternalIcon } from '../ui/icons.tsx'
import { ResponsiveImage } from '../ui/responsive-image.tsx'

/** `priority`: the first card of a list page, the page's largest paint on a phone (loaded at once). */
export function GameCard({
  game,
  headingLevel = 3,
  priority = false,
}: {
  game: GameItem
  headingLevel?: 2 | 3
  priority?: boolean
}) {
  const rating = gameRatingBadge(game.rating)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="card group">
      <div className="relative">
        <ResponsiveImage
          src={game.imageUrl}
          alt={game.title}
          width={800}
          height={450}
          priority={priority}
          className="card-image"
        />
        {rating && (
          <span className="absolute top-3 right-3 rounded-full bg-black/85 px-3 py-1 text-sm font-bold text-amber-300">
            <span className="sr-only">Rating: </span>
            {rating}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="text-xl font-bold text-white">{game.title}</Heading>
        <p className="line-clamp-4 flex-1 text-sm text-gray-300">{game.description}</p>
        {game.websiteUrl && (
          // Through /go/, which counts the click and redirects to the website (docs/decisions/0852).
          <a className="btn-outline self-start" href={goPath('game', game.id)} target="_blank" rel={GO_REL}>
            Visit Website <ExternalIcon className="size-4" />
            <span className="sr-only"> of {game.title} (opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  )
}
