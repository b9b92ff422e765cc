/**
 * JSON-LD for search engines: NewsArticle on article pages, Review on the reviews page, Dataset per
 * championship table on the championships page.
 */
import { absoluteUrl } from './feeds.ts'
import { newsImageUrl } from './news-image.ts'
import { JOLPICA_NAME, JOLPICA_SITE, sourceLabel, type SourceFacts } from './standings-source.ts'

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
  gameId?: number | null
  content: string
  author: string
  rating: string
  imageUrl: string
  sourceUrl: string | null
  timestamp: Date
}

/** What the site knows of the things its reviews can be about (games and hardware). */
export interface ReviewCatalogue {
  games: readonly { id: number; title: string; websiteUrl?: string | null }[]
  accessories: readonly { name: string; brand: string }[]
}

const mentions = (title: string, name: string) =>
  name.trim() !== '' && title.toLowerCase().includes(name.trim().toLowerCase())

/**
 * The thing a review is about, named and typed as search engines read it (issue 17): the game it is
 * linked to (VideoGame); else a hardware item or a game of the catalogue that its title names;
 * else hardware (Product) named by the title's part before the colon, since game reviews are linked
 * to their game. The review's own headline is never taken for the item.
 */
export function reviewedItem(review: Pick<ReviewData, 'title' | 'gameId'>, catalogue: ReviewCatalogue) {
  const videoGame = (game: ReviewCatalogue['games'][number]) => ({
    '@type': 'VideoGame',
    name: game.title,
    ...(game.websiteUrl ? { url: game.websiteUrl } : {}),
  })
  const linked = catalogue.games.find((g) => g.id === review.gameId)
  if (linked) return videoGame(linked)
  const accessory = catalogue.accessories.find((a) => mentions(review.title, a.name))
  if (accessory)
    return {
      '@type': 'Product',
      name: accessory.name,
      ...(accessory.brand ? { brand: { '@type': 'Brand', name: accessory.brand } } : {}),
    }
  const game = catalogue.games.find((g) => mentions(review.title, g.title))
  if (game) return videoGame(game)
  const name = review.title
    .split(':')[0]!
    .replace(/\s+review\b.*$/i, '')
    .trim()
  return { '@type': 'Product', name: name || review.title }
}

export function reviewsJsonLd(
  site: string,
  reviews: readonly ReviewData[],
  catalogue: ReviewCatalogue = { games: [], accessories: [] },
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@graph': reviews.map((r) => ({
      '@type': 'Review',
      name: r.title,
      reviewBody: r.content,
      author: { '@type': 'Person', name: r.author || SITE_NAME },
      datePublished: r.timestamp.toISOString(),
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: '10', worstRating: '0' },
      itemReviewed: reviewedItem(r, catalogue),
      image: r.imageUrl ? absoluteUrl(site, r.imageUrl) : undefined,
      url: r.sourceUrl ?? undefined,
    })),
  }
}

export interface StandingsData extends SourceFacts {
  championshipName: string
  season: string
  standings: readonly { position: number; driverName: string; team: string; points: number }[]
}

/**
 * One Dataset per championship table, saying where it comes from as the cards do
 * (docs/decisions/0420): official results with their source and when they were read, race results
 * with the rounds counted, or an AI table with the pages it was taken from.
 */
export function standingsJsonLd(site: string, sets: readonly StandingsData[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@graph': sets.map((set) => {
      const label = sourceLabel(set)
      const leader = set.standings.find((r) => r.position === 1)
      return {
        '@type': 'Dataset',
        name: `${set.championshipName} ${set.season} drivers' standings`,
        description: `${label.title}: ${label.detail}.${leader ? ` Leader: ${leader.driverName}${leader.team.trim() ? ` (${leader.team.trim()})` : ''}, ${leader.points} points.` : ''}`,
        url: absoluteUrl(site, '/championships'),
        dateModified: new Date(set.lastUpdated).toISOString(),
        temporalCoverage: set.season,
        creator:
          set.source === 'jolpica'
            ? { '@type': 'Organization', name: JOLPICA_NAME, url: JOLPICA_SITE }
            : { '@type': 'Organization', name: SITE_NAME },
        ...(set.source === 'ai' ? { isBasedOn: set.sourceUrls.slice(0, 10) } : {}),
        ...(set.source === 'jolpica' ? { isBasedOn: set.sourceUrls.slice(0, 1) } : {}),
        variableMeasured: 'Championship points',
      }
    }),
  }
}

/** JSON for a <script type="application/ld+json">: '<' escaped so no text can close the element. */
export const jsonLdText = (data: unknown): string => JSON.stringify(data).replace(/</g, '\\u003c')
