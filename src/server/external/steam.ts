import { z } from 'zod'
import { htmlToText } from '../../lib/excerpt.ts'
import type { ExternalConfig } from './config.ts'
import { ExternalError, fetchJson } from './http.ts'

/** What the game refresh takes from the Steam store. */
export interface SteamDetails {
  name: string
  /** The store's own price text ('$19.99', 'Free to Play'); undefined when the store shows none (not released). */
  price?: string
  description: string
  imageUrl?: string
}

const appData = z.object({
  name: z.string(),
  is_free: z.boolean().optional(),
  short_description: z.string().optional(),
  header_image: z.string().optional(),
  price_overview: z.object({ final_formatted: z.string() }).optional(),
})

const appAnswer = z.record(z.string(), z.object({ success: z.boolean(), data: z.unknown().optional() }))

/** GET /api/appdetails?appids=<id> (US prices, English text). */
export async function steamAppDetails(external: ExternalConfig, appId: number): Promise<SteamDetails> {
  const answer = await fetchJson(
    external,
    'Steam',
    `${external.steam.baseUrl}/api/appdetails?${new URLSearchParams({ appids: String(appId), cc: 'us', l: 'english' })}`,
    appAnswer,
  )
  const entry = answer[String(appId)]
  if (!entry) throw new ExternalError('Steam sent an answer of an unexpected shape')
  if (!entry.success) throw new ExternalError(`Steam has no app ${appId} (removed, or not sold in the US store)`)
  const parsed = appData.safeParse(entry.data)
  if (!parsed.success) throw new ExternalError('Steam sent an answer of an unexpected shape')
  const data = parsed.data
  return {
    name: data.name,
    price: data.price_overview?.final_formatted ?? (data.is_free ? 'Free to Play' : undefined),
    // Steam's short descriptions carry HTML entities and the odd tag; the site stores plain text.
    description: htmlToText(data.short_description ?? ''),
    imageUrl: data.header_image || undefined,
  }
}
