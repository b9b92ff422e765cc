import { Hono } from 'hono'
import { gameContract, gameTitleMessage, type GameValues } from '../../../lib/forms/game.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { withStoredImage } from '../../blobs/images.ts'
import { publicCache } from '../../http/cache.ts'
import { notFound } from '../../http/errors.ts'
import { idParams, jsonBody } from '../../http/validate.ts'
import { deleteGame, getGame, insertGame, listFeaturedGames, listGames, updateGame } from '../../repos/games.repo.ts'

/** The games form's contract (src/lib/forms/game.ts): the title, or the title and Steam URL. */
const body = jsonBody(gameContract.schema, gameTitleMessage)
const notFoundMessage = 'Game not found'

/** The server's one step: an uploaded picture (a data URL) becomes a stored image. */
const toRow = (game: GameValues) => withStoredImage(game, 'imageUrl')

/** Spec 001 section 7: update and delete appear under both /api/games and /api/admin/games. */
const writeRoutes = new Hono()
  .put('/:id', idParams(), body, async (c) => {
    const { id } = c.req.valid('param')
    const game = await updateGame(id, await toRow(c.req.valid('json')))
    if (!game) throw notFound(notFoundMessage)
    recordWrite(c, { entity: 'game', id, summary: `Updated game "${game.title}"`, tags: ['games'] })
    return c.json(game, 200)
  })
  .delete('/:id', idParams(), async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteGame(id))) throw notFound(notFoundMessage)
    recordWrite(c, { entity: 'game', id, summary: `Deleted game ${id}`, tags: ['games', 'reviews'] })
    return c.json({ id, deleted: true as const }, 200)
  })

export const gamesRoutes = new Hono()
  .use(publicCache(['games']))
  .get('/', async (c) => c.json(await listGames()))
  .get('/featured', async (c) => c.json(await listFeaturedGames()))
  // The games screen reads this path; the Steam catalogue is gone (spec 001), so it lists every game.
  .get('/steam', async (c) => c.json(await listGames()))
  .get('/:id', idParams(), async (c) => {
    const game = await getGame(c.req.valid('param').id)
    if (!game) throw notFound(notFoundMessage)
    return c.json(game, 200)
  })
  .route('/', writeRoutes)

/** Mounted at /api/admin/games. */
export const gamesAdminRoutes = new Hono()
  .post('/', body, async (c) => {
    const game = await insertGame(await toRow(c.req.valid('json')))
    recordWrite(c, { entity: 'game', id: game.id, summary: `Created game "${game.title}"`, tags: ['games'] })
    return c.json(game, 201)
  })
  .route('/', writeRoutes)
