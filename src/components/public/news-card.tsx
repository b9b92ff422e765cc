import { articlePath } from '../../lib/news-address.ts'
import { shortDate } from '../../lib/dates.ts'
import { categoryLabel, newsCategoryColor } from '../../lib/news-category.ts'
import { newsImageUrl } from '../../lib/news-image.ts'
import type { NewsItem } from '../../lib/public-types.ts'
import { Badge } from '../ui/badge.tsx'
import { CalendarIcon, UserIcon } from '../ui/icons.tsx'
import { ResponsiveImage } from '../ui/responsive-image.tsx'

interface Props {
  article: NewsItem
  /** Called before the article opens (the news list saves its scroll position). */
  onOpen?: () => void
  priority?: boolean
}

export function NewsCard({ article, onOpen, priority = false }: Props) {
  return (
    <article className="card relative">
      <ResponsiveImage src={newsImageUrl(article)} alt="" width={800} height={450} priority={priority} className="card-image" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-300">
          <Badge tone={newsCategoryColor(article.category)}>{categoryLabel(article.category)}</Badge>
          <span className="inline-flex items-center gap-1">
            <CalendarIcon className="size-3.5" />
            <time dateTime={article.timestamp}>{shortDate(article.timestamp)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <UserIcon className="size-3.5" />
            {article.author}
          </span>
        </div>
        <h3 className="text-lg leading-snug font-bold text-white">
          <a href={articlePath(article)} onClick={onOpen} className="card-link">
            {article.title}
          </a>
        </h3>
        <p className="line-clamp-3 text-sm text-gray-300">{article.excerpt}</p>
      </div>
    </article>
  )
}
