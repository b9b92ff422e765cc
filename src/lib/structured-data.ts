/** JSON-LD for search engines: NewsArticle on article pages, Review on the reviews page. */
import { absoluteUrl } from './feeds.ts'
import { newsImageUrl } from './news-image.ts'

export const SITE_NAME = 'SimRacing Hub'

export interface ArticleData {
  id: number
  title: string
  excerpt: string
  imageUrl: string
  author: string
  category: string
  timestamp: Date
  updatedAt?: Date
}

export function newsArticleJsonLd(site: string, article: ArticleData): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title.slice(0, 110),
    description: article.excerpt,
    image: [absoluteUrl(site, newsImageUrl(article))],
    datePublished: article.timestamp.toISOString(),
    dateModified: (article.updatedAt ?? article.timestamp).toISOString(),
    articleSection: article.category,
    author: [{ '@type': 'Person', name: article.author }],
    publisher: {
      '@type': 'Organization',
      name: SITE_NAME,
      logo: { '@type': 'ImageObject', url: absoluteUrl(site, '/favicon.svg') },
    },
    mainEntityOfPage: absoluteUrl(site, `/news/${article.id}`),
  }
}

export interface ReviewData {
  title: string
  content: string
  author: string
  rating: string
  imageUrl: string
  sourceUrl: string | null
  timestamp: Date
}

export function reviewsJsonLd(site: string, reviews: readonly ReviewData[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@graph': reviews.map((r) => ({
      '@type': 'Review',
      name: r.title,
      reviewBody: r.content,
      author: { '@type': 'Person', name: r.author || SITE_NAME },
      datePublished: r.timestamp.toISOString(),
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: '10', worstRating: '0' },
      itemReviewed: { '@type': 'VideoGame', name: r.title.replace(/\s+review\b.*$/i, '') || r.title },
      image: r.imageUrl ? absoluteUrl(site, r.imageUrl) : undefined,
      url: r.sourceUrl ?? undefined,
    })),
  }
}

/** JSON for a <script type="application/ld+json">: '<' escaped so no text can close the element. */
export const jsonLdText = (data: unknown): string => JSON.stringify(data).replace(/</g, '\\u003c')
