/**
 * Drawing a card costs about 110 ms of CPU; the query string changes nothing in it. So an instance
 * keeps the cards it drew, keyed by what they show (not by the URL: `?cb=N` gets the same card), and
 * draws at most two at once; a request that would wait behind more than a few is told to come back
 * (docs/decisions/0114). The CDN in front keys the cards by path alone (`Netlify-Vary`).
 */
import { ApiError } from '../http/errors.ts'

export type CardResult = { png: Buffer; hit: boolean }

export interface CardCacheLimits {
  /** Cards kept, least recently used dropped first. */
  maxCards: number
  /** Bytes of PNG kept in all (a card is 100-400 KB). */
  maxBytes: number
  /** Cards drawn at once. */
  maxRenders: number
  /** Requests waiting for a turn to draw; one more gets 503 with Retry-After. */
  maxWaiting: number
}

export type CardCache = (key: string, draw: () => Promise<Buffer>) => Promise<CardResult>

export function createCardCache({ maxCards, maxBytes, maxRenders, maxWaiting }: CardCacheLimits): CardCache {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const cards = new Map<string, Buffer>()
  let bytes = 0
  let rendering = 0
  const waiting: (() => void)[] = []

  const take = (key: string): Buffer | undefined => {
    const kept = cards.get(key)
    if (kept) {
      cards.delete(key)
      cards.set(key, kept)
    }
    return kept
  }

  const keep = (key: string, png: Buffer) => {
    if (png.byteLength > maxBytes) return
    cards.set(key, png)
    bytes += png.byteLength
    for (const [oldKey, old] of cards) {
      if (cards.size <= maxCards && bytes <= maxBytes) break
      cards.delete(oldKey)
      bytes -= old.byteLength
    }
  }

  return async (key, draw) => {
    const kept = take(key)
    if (kept) return { png: kept, hit: true }
    if (rendering >= maxRenders) {
      if (waiting.length >= maxWaiting) {
        throw new ApiError(503, 'Too many cards are being drawn. Please try again in a moment.', { 'Retry-After': '2' })
      }
      // The finishing render hands its turn over, so `rendering` stays as it is.
      await new Promise<void>((resolve) => waiting.push(resolve))
    } else rendering += 1
    try {
      // Drawn by the render this request waited behind (the same card asked for many times at once).
      const again = take(key)
      if (again) return { png: again, hit: true }
      const png = await draw()
      keep(key, png)
      return { png, hit: false }
    } finally {
      const next = waiting.shift()
      if (next) next()
      else rendering -= 1
    }
  }
}

/** The cards of this function instance: 64 at most, 16 MB at most, two drawn at once, eight waiting. */
export const cachedCard = createCardCache({ maxCards: 64, maxBytes: 16 * 1024 * 1024, maxRenders: 2, maxWaiting: 8 })
