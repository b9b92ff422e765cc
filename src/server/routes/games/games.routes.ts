import { Hono } from 'hono'
import { z } from 'zod'
import { gameContract, gameTitleMessage, type GameValues } from '../../../lib/forms/game.ts'
import {
  storeFieldNames,
  storeFieldsAfterEdit,
  storeFieldWords,
  takeFromStore,
  type StoreField,
} from '../../../lib/game-store.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { withStoredImage } from '../../blobs/images.ts'
import type { BlobStores } from '../../blobs/store.ts'
import { publicCache } from '../../http/cache.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { idParams, jsonBody } from '../../http/validate.ts'
import {
  deleteGame,
  getGame,
  insertGame,
  listFeaturedGames,
  listGames,
  updateGame,
  type Game,
} from '../../repos/games.repo.ts'

/** The games form's contract (src/lib/forms/game.ts): the title, or the title and Steam URL. */
const body = jsonBody(gameContract.schema, gameTitleMessage)
const notFoundMessage = 'Game not found'

/** The server's one step: an uploaded picture (a data URL) becomes a stored image. */
const toRow = (blobs: BlobStores, game: GameValues) => withStoredImage(blobs, game, 'imageUrl')

/** Which fields follow the Steam store, and what it said, are the owner's business: not in public answers. */
const publicGame = ({ storeFields: _fields, storeValues: _values, ...game }: Game) => game

const fieldMessage = `The field must be one of: ${storeFieldNames.join(', ')}.`
const useStoreBody = jsonBody(
  z.object({ field: z.enum(storeFieldNames, { message: fieldMessage }) }, { message: fieldMessage }),
  fieldMessage,
)
const nothingFromStore = (field: StoreField) =>
  badRequest(`The Steam store has given no ${storeFieldWords[field]} for this game yet: refresh the games first.`)

/** Spec 001 section 7: update and delete appear under both /api/games and /api/admin/games. */
const writeRoutes = new Hono()
  .put('/:id', idParams(), body, async (c) => {
    const { id } = c.req.valid('param')
    const row = await toRow(c.var.platform.blobs, c.req.valid('json'))
    // A field the owner changes is theirs again: a refresh no longer writes it (src/lib/game-store.ts).
    const game = await updateGame(id, (current) => ({ ...row, storeFields: storeFieldsAfterEdit(current, row) }))
    if (!game) throw notFound(notFoundMessage)
    recordWrite(c, { entity: 'game', id, summary: `Updated game "${game.title}"` })
    return c.json(game, 200)
  })
  .delete('/:id', idParams(), async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteGame(id))) throw notFound(notFoundMessage)
    recordWrite(c, { entity: 'game', id, summary: `Deleted game ${id}` })
    return c.json({ id, deleted: true as const }, 200)
  })

export const gamesRoutes = new Hono()
  .use(publicCache(['games']))
  .get('/', async (c) => c.json((await listGames()).map(publicGame)))
  .get('/featured', async (c) => c.json((await listFeaturedGames()).map(publicGame)))
  // The games screen reads this path; the Steam catalogue is gone (spec 001), so it lists every game.
  .get('/steam', async (c) => c.json((await listGames()).map(publicGame)))
  .get('/:id', idParams(), async (c) => {
    const game = await getGame(c.req.valid('param').id)
    if (!game) throw notFound(notFoundMessage)
    return c.json(publicGame(game), 200)
  })
  .route('/', writeRoutes)

/** Mounted at /api/admin/games. */
export const gamesAdminRoutes = new Hono()
  /** The Games tab's list: with the fields that follow the Steam store and what the store said. */
  .get('/', async (c) => c.json(await listGames(), 200))
  .post('/', body, async (c) => {
    const game = await insertGame(await toRow(c.var.platform.blobs, c.req.valid('json')))
    recordWrite(c, { entity: 'game', id: game.id, summary: `Created game "${game.title}"` })
    return c.json(game, 201)
  })
  /** "Use the store's": the field takes the store's last value and follows the store from now on. */
  .post('/:id/use-store', idParams(), useStoreBody, async (c) => {
    const { id } = c.req.valid('param')
    const { field } = c.req.valid('json')
    const game = await updateGame(
      id,
      (current) => {
        const taken = takeFromStore(current, field)
        if (!taken) throw nothingFromStore(field)
        return { [field]: taken.value, storeFields: taken.storeFields }
      },
      { summary: `Took the ${storeFieldWords[field]} from the Steam store` },
    )
    if (!game) throw notFound(notFoundMessage)
    recordWrite(c, {
      entity: 'game',
      id,
      summary: `Took the Steam store's ${storeFieldWords[field]} for "${game.title}"`,
    })
    return c.json(game, 200)
  })
  .route('/', writeRoutes)
