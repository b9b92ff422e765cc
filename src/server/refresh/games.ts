import type { RevisionActor } from '../../lib/revisions.ts'
import { steamAppId } from '../../lib/stream-source.ts'
import { steamAppDetails } from '../external/steam.ts'
import { ExternalError } from '../external/http.ts'
import { getGame, updateGame, type Game, type NewGame } from '../repos/games.repo.ts'
import type { RefreshOutcome } from './streams.ts'

/** The game's Steam link: the Steam URL of the steamUrl variant, else a website URL on the store. */
export const steamAppOf = (game: Pick<Game, 'steamUrl' | 'websiteUrl'>) =>
  steamAppId(game.steamUrl) ?? steamAppId(game.websiteUrl)

/**
 * Reads one game's price, description and picture from the Steam store and stores them. A game
 * without a Steam link is skipped; what the store does not show (no price before release, no
 * description) is left as the owner wrote it.
 */
export async function refreshGame(
  id: number,
  now = new Date(),
  actor: RevisionActor = 'admin',
): Promise<RefreshOutcome> {
  const game = await getGame(id)
  if (!game) throw new ExternalError('The game was deleted before it was refreshed')
  const appId = steamAppOf(game)
  if (appId === undefined) return { id, title: game.title, skipped: true, changed: false }
  const details = await steamAppDetails(appId)
  const next: Partial<NewGame> = {}
  if (details.price !== undefined) next.price = details.price.slice(0, 100)
  if (details.description) next.description = details.description.slice(0, 5000)
  if (details.imageUrl) next.imageUrl = details.imageUrl
  const changed = Object.entries(next).some(([key, value]) => game[key as keyof Game] !== value)
  const saved = await updateGame(
    id,
    { ...next, refreshedAt: now },
    { actor, summary: 'Refreshed from the Steam store' },
  )
  if (!saved) throw new ExternalError('The game was deleted before it was refreshed')
  return { id, title: saved.title, changed }
}
