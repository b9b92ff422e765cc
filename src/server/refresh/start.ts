import { requireStreamPlatform } from '../external/config.ts'
import { badRequest } from '../http/errors.ts'
import { startJob } from '../jobs/jobs.ts'
import { listGames } from '../repos/games.repo.ts'
import type { JobRow } from '../repos/jobs.repo.ts'
import type { Platform } from '../platform.ts'
import { listStreams } from '../repos/streams.repo.ts'

/**
 * Starts a job that refreshes every stream, one task per stream (the banner counts them). 503
 * naming the variables when neither Twitch nor YouTube has its keys; 400 when there is no stream.
 */
export async function startStreamRefresh(platform: Platform, kind = 'refresh-streams'): Promise<JobRow> {
  requireStreamPlatform(platform.external)
  const all = await listStreams()
  if (all.length === 0) throw badRequest('There are no streams to refresh yet.')
  return startJob(platform, kind, {
    tasks: all.map((s) => ({ kind: 'stream', itemId: s.id, name: s.title })),
    // 'scheduled-…' when the scheduler starts it: the History names who refreshed (actorOfFeature).
    feature: kind,
  })
}

/** Starts a job that refreshes every game from the Steam store (no key needed); 400 when there is no game. */
export async function startGameRefresh(platform: Platform, kind = 'refresh-games'): Promise<JobRow> {
  const all = await listGames()
  if (all.length === 0) throw badRequest('There are no games to refresh yet.')
  return startJob(platform, kind, {
    tasks: all.map((g) => ({ kind: 'game', itemId: g.id, name: g.title })),
    feature: kind,
  })
}
