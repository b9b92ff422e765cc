import { IMAGE_SIZES } from '../../lib/images.ts'
import { shortDate } from '../../lib/dates.ts'
import { excerpt } from '../../lib/excerpt.ts'
import type { ReviewItem } from '../../lib/public-types.ts'
import { reviewBadgeColor, reviewBadgeText } from '../../lib/review-rating.ts'
import { reviewAnchor } from '../../lib/structured-data.ts'
import { Badge } from '../ui/badge.tsx'
import { ExternalIcon } from '../ui/icons.tsx'
import { ResponsiveImage } from '../ui/responsive-image.tsx'

export function ReviewCard({ review, priority = false }: { review: ReviewItem; priority?: boolean }) {
  return (
    <article className="card" id={reviewAnchor(review.id)}>
      <div className="relative">
        <ResponsiveImage
          src={review.imageUrl}
          alt=""
          width={800}
          height={450}
          sizes={IMAGE_SIZES.review}
          priority={priority}
          className="card-image"
        />
        <Badge tone={reviewBadgeColor(review.rating)} className="absolute top-3 right-3 px-3 py-1 text-sm">
          <span className="sr-only">Rating: </span>
          {reviewBadgeText(review.rating)}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <time className="text-xs text-gray-300" dateTime={review.timestamp}>
          {shortDate(review.timestamp)}
        </time>
        <h2 className="text-xl font-bold text-white">{review.title}</h2>
        <p className="flex-1 text-sm text-gray-300">{excerpt(review.content)}</p>
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <span className="text-gray-300">By {review.author}</span>
          {review.sourceUrl && (
            <a className="btn-outline" href={review.sourceUrl} target="_blank" rel="noopener noreferrer">
              Read Full Review <ExternalIcon className="size-4" />
              <span className="sr-only"> of {review.title} (opens in a new tab)</span>
            </a>
          )}
        </div>
      </div>
    </article>
  )
}
