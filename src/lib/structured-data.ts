/**
 * JSON-LD for search engines: NewsArticle on article pages, Review on the reviews page, Dataset per
 * championship table on the championships page, SportsEvent per session on the calendar.
 */
import { articlePath, type Addressable } from './news-address.ts'
import { absoluteUrl } from './feeds.ts'
import { newsImageUrl } from './news-image.ts'
import { JOLPICA_NAME, JOLPICA_SITE, sourceLabel, type SourceFacts } from './standings-source.ts'

export const SITE_NAME = 'SimRacing Hub'

export interface ArticleData extends Addressable {
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
    mainEntityOfPage: absoluteUrl(site, articlePath(article)),
  }
}

export interface ReviewData {
  id: number
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

/** The id of a review's card on /reviews, its own address (`/reviews#review-12`). */
export const reviewAnchor = (id: number) => `review-${id}`

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
      // The review's own address, its card on /reviews (issue 44: it was the reviewer's site); the
      // full review it summarises, on the reviewer's site, is what it is based on.
      url: absoluteUrl(site, `/reviews#${reviewAnchor(r.id)}`),
      isBasedOn: r.sourceUrl ?? undefined,
    })),
  }
}

export interface StandingsData extends SourceFacts {
  championshipName: string
  season: string
  standings: readonly { position: number; driverName: string; team: string; points: number }[]
  /** The championship's own page; /championships when not given. */
  path?: string
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
        // Its own page, where the whole table is (docs/decisions/0873).
        url: absoluteUrl(site, set.path ?? '/championships'),
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

/** One round of a championship as its page shows it (src/server/features/calendar, decision 0873). */
export interface RoundData {
  /** 'Round 2 · Race'. */
  title: string
  track: string
  startedAt: Date
  /** The anchor of its classification on the page. */
  anchor: string
  /** The winner of each class, in the order the classification gives them ('#7 A. Driver (Hypercar)'). */
  winners: readonly string[]
}

/**
 * Each imported round of a championship as a SportsEvent (issue 45: JSON-LD for the table and each
 * round): a league's race is run online, on a circuit of a game, so its location is virtual and names
 * the circuit; it happened, as scheduled; the winners are its description. With the table's Dataset
 * (standingsJsonLd) in the page's one graph.
 */
export function championshipJsonLd(
  site: string,
  set: StandingsData,
  rounds: readonly RoundData[],
): Record<string, unknown> {
  const page = absoluteUrl(site, set.path ?? '/championships')
  const table = standingsJsonLd(site, [set])['@graph'] as Record<string, unknown>[]
  return {
    '@context': 'https://schema.org',
    '@graph': [
      ...table,
      ...rounds.map((round) => ({
        '@type': 'SportsEvent',
        name: `${set.championshipName} ${set.season}: ${round.title}`,
        sport: 'Sim racing',
        startDate: withOffset(round.startedAt),
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
        location: { '@type': 'VirtualLocation', name: round.track, url: `${page}#${round.anchor}` },
        organizer: { '@type': 'Organization', name: set.championshipName },
        url: `${page}#${round.anchor}`,
        ...(round.winners.length ? { description: `Won by ${round.winners.join('; ')}.` } : {}),
      })),
    ],
  }
}

/** JSON for a <script type="application/ld+json">: '<' escaped so no text can close the element. */
export const jsonLdText = (data: unknown): string => JSON.stringify(data).replace(/</g, '\\u003c')

/** A calendar event as the /calendar page has it (src/server/features/calendar). */
export interface CalendarEventData {
  source: 'owner' | 'jolpica'
  series: string | null
  round: number | null
  name: string
  track: string
  setId: number | null
  calendarName: string
  sessions: readonly { name: string; startsAt: Date; durationMinutes: number }[]
}

/** The most sessions one page describes: a season of Formula 1 ahead is about 120 of them. */
export const CALENDAR_JSON_LD_MAX = 60

/** An instant with its offset written out (`2026-12-05T18:00:00+00:00`), as Google's event rules ask. */
const withOffset = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, '+00:00')

/**
 * One SportsEvent per session still ahead or running, soonest first (issue 44; docs/decisions/0870):
 * its name as the calendar feed writes it, start and end with their offset, the circuit, the series
 * as organizer. A Formula 1 session happens at its circuit; a league's race is run online, on a
 * circuit of a game, so it is an online event whose virtual location names the circuit.
 */
export function calendarJsonLd(
  site: string,
  events: readonly CalendarEventData[],
  now: Date,
  anchorOf: (event: CalendarEventData) => string,
): Record<string, unknown> | undefined {
  const sessions = events
    .flatMap((event) =>
      event.sessions.map((session) => ({
        event,
        session,
        end: new Date(session.startsAt.getTime() + session.durationMinutes * 60_000),
      })),
    )
    .filter(({ end }) => end.getTime() > now.getTime())
    .sort((a, b) => a.session.startsAt.getTime() - b.session.startsAt.getTime())
    .slice(0, CALENDAR_JSON_LD_MAX)
  if (sessions.length === 0) return undefined
  return {
    '@context': 'https://schema.org',
    '@graph': sessions.map(({ event, session, end }) => {
      const round = event.round ? `Round ${event.round}: ` : ''
      const url = absoluteUrl(site, `/calendar${anchorOf(event) ? `#${anchorOf(event)}` : ''}`)
      const online = event.source === 'owner'
      return {
        '@type': 'SportsEvent',
        name: `${event.calendarName}: ${round}${event.name} – ${session.name}`,
        sport: online ? 'Sim racing' : 'Motorsport',
        startDate: withOffset(session.startsAt),
        endDate: withOffset(end),
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: online
          ? 'https://schema.org/OnlineEventAttendanceMode'
          : 'https://schema.org/OfflineEventAttendanceMode',
        location: online
          ? { '@type': 'VirtualLocation', name: event.track, url }
          : { '@type': 'Place', name: event.track, address: event.track },
        organizer: { '@type': 'Organization', name: event.series ?? event.calendarName },
        url,
      }
    }),
  }
}
