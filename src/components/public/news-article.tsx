import type { ReactNode } from 'react'
import { IMAGE_SIZES } from '../../lib/images.ts'
import { isoDate, longDateTime, shortDate } from '../../lib/dates.ts'
import { categoryLabel, newsCategoryColor } from '../../lib/news-category.ts'
import { newsImageUrl } from '../../lib/news-image.ts'
import { Badge } from '../ui/badge.tsx'
import { ResponsiveImage } from '../ui/responsive-image.tsx'

export interface ArticleView {
  title: string
  imageUrl: string
  category: string
  author: string
  aiGenerated: boolean
  sources: readonly string[]
  timestamp: Date | string
}

interface Props {
  article: ArticleView
  /** The body, sanitized with the article allow-list (the page sanitizes again; the admin's copy was on write). */
  html: string
  /** The title element: the page's h1, or the admin preview's dialog title around the same h1. */
  renderTitle?: (title: ReactNode) => ReactNode
}

/**
 * An article as its public page shows it (src/pages/news/[id].astro), below the back button: the
 * picture (its own, or its category's default), badges, date, author, title, body, sources and
 * footer. The owner's preview renders this same component, so what is previewed is what is published.
 */
export function NewsArticle({ article, html, renderTitle = (t) => t }: Props) {
  const published = isoDate(article.timestamp)
  return (
    <>
      <ResponsiveImage
        src={newsImageUrl(article)}
        alt=""
        width={800}
        height={450}
        sizes={IMAGE_SIZES.article}
        priority
        className="mb-8 aspect-video w-full rounded-xl bg-line object-cover"
      />
      <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-gray-300">
        <Badge tone={newsCategoryColor(article.category)}>{categoryLabel(article.category)}</Badge>
        {article.aiGenerated && <Badge tone="grey">AI-assisted</Badge>}
        <time dateTime={published}>{shortDate(article.timestamp)}</time>
        <span>{article.author}</span>
      </div>
      {renderTitle(<h1 className="mb-8 text-3xl leading-tight font-black text-white md:text-4xl">{article.title}</h1>)}
      <div className="article-body" dangerouslySetInnerHTML={{ __html: html }} />
      {article.sources.length > 0 && (
        <section aria-labelledby="sources-heading" className="mt-10 rounded-xl border border-line p-5">
          <h2 id="sources-heading" className="mb-3 text-lg font-bold text-white">
            Sources
          </h2>
          {article.aiGenerated && (
            <p className="mb-3 text-sm text-gray-300">
              Written with the help of AI from these pages and reviewed before publishing.
            </p>
          )}
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {article.sources.map((url) => (
              <li key={url}>
                <a
                  href={url}
                  rel="nofollow noopener noreferrer"
                  target="_blank"
                  className="break-all text-sky-300 underline"
                >
                  {url}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <footer className="mt-12 border-t border-line pt-6 text-sm text-gray-300">
        <p>Published by {article.author}</p>
        <p>
          <time dateTime={published}>{longDateTime(article.timestamp)}</time>
        </p>
      </footer>
    </>
  )
}
