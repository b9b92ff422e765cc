import { mergeFromStore, type StoreValues } from '../../lib/game-store.ts'
import type { RevisionActor } from '../../lib/revisions.ts'
import { steamAppId } from '../../lib/stream-source.ts'
import { steamAppDetails } from '../external/steam.ts'
import { ExternalError } from '../external/http.ts'
import { getGame, updateGame, type Game } from '../repos/games.repo.ts'
import type { RefreshOutcome } from './streams.ts'
import type { ExternalConfig } from '../external/config.ts'

/** The game's Steam link: the Steam URL of the steamUrl variant, else a website URL on the store. */
export const steamAppOf = (game: Pick<Game, 'steamUrl' | 'websiteUrl'>) =>
  steamAppId(game.steamUrl) ?? steamAppId(game.websiteUrl)

/**
 * Reads one game's price, description and picture from the Steam store. The owner's words are kept
 * (src/lib/game-store.ts): only blank fields and those that follow the store are written; what the
 * store says is kept beside the others for the Games tab's "Use the store's". A game without a Steam
 * link is skipped; what the store does not show (no price before release) is left as it is.
 */
export async function refreshGame(
  external: ExternalConfig,
  id: number,
  now = new Date(),
  actor: RevisionActor = 'admin',
): Promise<RefreshOutcome> {
  const game = await getGame(id)
  if (!game) throw new ExternalError('The game was deleted before it was refreshed')
  const appId = steamAppOf(game)
  if (appId === undefined) return { id, title: game.title, skipped: true, changed: false }
  const details = await steamAppDetails(external, appId)
  const store: StoreValues = {}
  if (details.price !== undefined) store.price = details.price.slice(0, 100)
  if (details.description) store.description = details.description.slice(0, 5000)
  if (details.imageUrl) store.imageUrl = details.imageUrl
  let changed = false
  const saved = await updateGame(
    id,
    (current) => {
      const merged = mergeFromStore(current, store)
      changed = Object.entries(merged.values).some(([field, value]) => current[field as keyof Game] !== value)
      return { ...merged.values, storeFields: merged.storeFields, storeValues: merged.storeValues, refreshedAt: now }
    },
    { actor, summary: 'Refreshed from the Steam store' },
  )
  if (!saved) throw new ExternalError('The game was deleted before it was refreshed')
  return { id, title: saved.title, changed }
}
