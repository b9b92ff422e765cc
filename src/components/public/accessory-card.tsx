import { GO_REL, goPath } from '../../lib/audience/go-links.ts'
import { IMAGE_SIZES } from '../../lib/images.ts'
import type { AccessoryItem } from '../../lib/public-types.ts'
import { Badge } from '../ui/badge.tsx'
import { ExternalIcon } from '../ui/icons.tsx'
import { ResponsiveImage } from '../ui/responsive-image.tsx'

/** `priority`: the first card of a list page, the page's largest paint on a phone (loaded at once). */
export function AccessoryCard({ item, priority = false }: { item: AccessoryItem; priority?: boolean }) {
  return (
    <article className="card">
      <ResponsiveImage
        src={item.imageUrl}
        alt={item.name}
        width={800}
        height={450}
        sizes={IMAGE_SIZES.accessory}
        priority={priority}
        className="card-image"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        {item.category && (
          <Badge tone="grey" className="self-start">
            {item.category.toUpperCase()}
          </Badge>
        )}
        <h3 className="text-lg font-bold text-white">{item.name}</h3>
        <p className="line-clamp-3 flex-1 text-sm text-gray-300">{item.description}</p>
        {/* Through /go/, which counts the click and redirects to the shop (docs/decisions/0852). */}
        <a className="btn-primary self-start" href={goPath('hardware', item.id)} target="_blank" rel={GO_REL}>
          Buy Now <ExternalIcon className="size-4" />
          <span className="sr-only"> {item.name} (opens in a new tab)</span>
        </a>
      </div>
    </article>
  )
}
