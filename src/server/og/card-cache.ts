/**
 * Drawing a card costs about 110 ms of CPU; the query string changes nothing in it. So an instance
 * keeps the cards it drew, keyed by what they show (not by the URL: `?cb=N` gets the same card), and
 * draws at most two at once; a request that would wait behind more than a few is told to come back
 * (docs/decisions/0114). The CDN in front keys the cards by path alone (`Netlify-Vary`).
 */
import { ApiError } from '../http/errors.ts'

const MAX_CARDS = 64
const MAX_RENDERS = 2
const MAX_WAITING = 8

const cards = new Map<string, Buffer>()
let rendering = 0
const waiting: (() => void)[] = []

export type CardResult = { png: Buffer; hit: boolean }

/** The card for `key`, drawn by `draw` only when this instance has not drawn it yet. */
export async function cachedCard(key: string, draw: () => Promise<Buffer>): Promise<CardResult> {
  const kept = cards.get(key)
  if (kept) {
    // Most recently used last: the first entry is the one to drop.
    cards.delete(key)
    cards.set(key, kept)
    return { png: kept, hit: true }
  }
  if (rendering >= MAX_RENDERS) {
    if (waiting.length >= MAX_WAITING) {
      throw new ApiError(503, 'Too many cards are being drawn. Please try again in a moment.', { 'Retry-After': '2' })
    }
    await new Promise<void>((resolve) => waiting.push(resolve))
  } else rendering += 1
  try {
    const again = cards.get(key)
    if (again) return { png: again, hit: true }
    const png = await draw()
    cards.set(key, png)
    if (cards.size > MAX_CARDS) cards.delete(cards.keys().next().value!)
    return { png, hit: false }
  } finally {
    const next = waiting.shift()
    if (next) next()
    else rendering -= 1
  }
}
