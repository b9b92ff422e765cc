import { Hono } from 'hono'
import { publicCache } from '../../http/cache.ts'
import { notFound } from '../../http/errors.ts'
import { parseId } from '../../http/validate.ts'
import { getGame, listFeaturedGames, listGames } from './games.repo.ts'

export const gamesRoutes = new Hono()
  .use(publicCache('games'))
  .get('/', async (c) => c.json(await listGames()))
  .get('/featured', async (c) => c.json(await listFeaturedGames()))
  // The games screen reads this path; the Steam catalogue is gone (spec 001), so it lists every game.
  .get('/steam', async (c) => c.json(await listGames()))
  .get('/:id', async (c) => {
    const game = await getGame(parseId(c))
    if (!game) throw notFound('Game not found')
    return c.json(game)
  })
