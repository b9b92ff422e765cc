import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { materializeImageUrl } from '../../blobs/images.ts'
import { publicCache } from '../../http/cache.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { boolFrom, MAX_TEXT, optionalImageUrl, optionalText, optionalUrl, parseJsonObject } from '../../http/fields.ts'
import { parseId } from '../../http/validate.ts'
import {
  deleteGame,
  getGame,
  insertGame,
  listFeaturedGames,
  listGames,
  updateGame,
  type NewGame,
} from '../../repos/games.repo.ts'

const titleMessage = 'Please fill in the game title.'
const steamMessage = 'Please fill in the game title and Steam URL.'

/** Spec 001 section 3 and 5: only the title is required; blank price and rating are ''. */
const gameFields = z.object(
  {
    title: optionalText(300, 'The title'),
    category: optionalText(100, 'The category'),
    websiteUrl: optionalUrl('The website URL'),
    steamUrl: optionalUrl('The Steam URL'),
    price: optionalText(100, 'The price'),
    rating: optionalText(50, 'The rating'),
    platform: optionalText(200, 'The platform'),
    description: optionalText(MAX_TEXT, 'The description'),
    imageUrl: optionalImageUrl(),
    featured: boolFrom('featured'),
  },
  { message: titleMessage },
)

/**
 * The two form variants (spec 001): with steamUrl and no websiteUrl the Steam form is meant,
 * which needs the title and the Steam URL; otherwise only the title.
 */
function requireTitle(raw: Record<string, unknown>, game: Partial<z.infer<typeof gameFields>>) {
  const steamVariant = 'steamUrl' in raw && !('websiteUrl' in raw)
  if (steamVariant && (!game.title || !game.steamUrl)) throw badRequest(steamMessage)
  if (!game.title) throw badRequest(titleMessage)
}

async function readGame(c: Context): Promise<Partial<NewGame>> {
  const { data, raw } = await parseJsonObject(c, gameFields.partial(), titleMessage)
  requireTitle(raw, data)
  const values: Partial<NewGame> = { ...data }
  // The two link fields are optional: '' is stored as null (no website button on the card).
  if ('websiteUrl' in values) values.websiteUrl = values.websiteUrl || null
  if ('steamUrl' in values) values.steamUrl = values.steamUrl || null
  if (values.imageUrl) values.imageUrl = await materializeImageUrl(values.imageUrl)
  return values
}

export async function createGameHandler(c: Context) {
  const values = await readGame(c)
  const game = await insertGame(values as NewGame)
  recordWrite(c, { entity: 'game', id: game.id, summary: `Created game "${game.title}"`, tags: ['games'] })
  return c.json(game, 201)
}

export async function updateGameHandler(c: Context) {
  const id = parseId(c)
  const values = await readGame(c)
  const game = await updateGame(id, values)
  if (!game) throw notFound('Game not found')
  recordWrite(c, { entity: 'game', id, summary: `Updated game "${game.title}"`, tags: ['games'] })
  return c.json(game)
}

export async function deleteGameHandler(c: Context) {
  const id = parseId(c)
  if (!(await deleteGame(id))) throw notFound('Game not found')
  recordWrite(c, { entity: 'game', id, summary: `Deleted game ${id}`, tags: ['games', 'reviews'] })
  return c.json({ id, deleted: true })
}

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
  // Spec 001 section 7: update and delete appear under both /api/games and /api/admin/games.
  .put('/:id', updateGameHandler)
  .delete('/:id', deleteGameHandler)

/** Mounted at /api/admin/games. */
export const gamesAdminRoutes = new Hono()
  .post('/', createGameHandler)
  .put('/:id', updateGameHandler)
  .delete('/:id', deleteGameHandler)
