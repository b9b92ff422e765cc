import { articlePath } from '../../lib/news-address.ts'
import { markedParts } from '../../lib/news-search.ts'
import { shortDate } from '../../lib/dates.ts'
import { categoryLabel, newsCategoryColor } from '../../lib/news-category.ts'
import { newsImageUrl } from '../../lib/news-image.ts'
import type { NewsItem } from '../../lib/public-types.ts'
import { Badge } from '../ui/badge.tsx'
import { CalendarIcon, UserIcon } from '../ui/icons.tsx'
import { ResponsiveImage } from '../ui/responsive-image.tsx'

interface Props {
  article: NewsItem
  /** The search the card is a result of: its term is marked in the title and the passage. */
  search?: string
  /** Called before the article opens (the news list saves its scroll position). */
  onOpen?: () => void
  priority?: boolean
}

/** A search's term marked where it stands (decision 0872). */
function Marked({ text, term }: { text: string; term: string }) {
  return (
    <>
      {markedParts(text, term).map((part, i) =>
        part.mark ? (
          <mark key={i} className="rounded-sm bg-amber-300/90 px-0.5 text-black">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  )
}

export function NewsCard({ article, onOpen, priority = false, search = '' }: Props) {
  const passage = search ? article.passage : undefined
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
            {search ? <Marked text={article.title} term={search} /> : article.title}
          </a>
        </h3>
        {passage ? (
          // Where the term was found, in place of the excerpt: why this article is a result.
          <p className="line-clamp-3 text-sm text-gray-300" data-passage>
            {passage.before}
            <mark className="rounded-sm bg-amber-300/90 px-0.5 text-black">{passage.match}</mark>
            {passage.after}
          </p>
        ) : (
          <p className="line-clamp-3 text-sm text-gray-300">{article.excerpt}</p>
        )}
      </div>
    </article>
  )
}
