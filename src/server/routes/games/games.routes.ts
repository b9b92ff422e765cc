import { createInsertSchema } from 'drizzle-zod'
import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { materializeImageUrl } from '../../blobs/images.ts'
import { publicCache } from '../../http/cache.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { boolFrom, MAX_TEXT, optionalImageUrl, optionalText, optionalUrl } from '../../http/fields.ts'
import { jsonBody, parseId } from '../../http/validate.ts'
import { games } from '../../db/schema.ts'
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

/**
 * The game form's body, derived from the games table (a new column is accepted with its column
 * type until it gets a rule here); spec 001 sections 3 and 5: only the title is required, blank
 * price and rating are ''.
 */
const gameBody = createInsertSchema(games, {
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
})
  .omit({ id: true, createdAt: true, updatedAt: true })
  .partial()

/**
 * The two form variants (spec 001): with steamUrl and no websiteUrl the Steam form is meant,
 * which needs the title and the Steam URL; otherwise only the title.
 */
async function toGameValues(game: z.output<typeof gameBody>): Promise<Partial<NewGame>> {
  const steamVariant = 'steamUrl' in game && !('websiteUrl' in game)
  if (steamVariant && (!game.title || !game.steamUrl)) throw badRequest(steamMessage)
  if (!game.title) throw badRequest(titleMessage)
  const values: Partial<NewGame> = { ...game }
  // The two link fields are optional: '' is stored as null (no website button on the card).
  if ('websiteUrl' in values) values.websiteUrl = values.websiteUrl || null
  if ('steamUrl' in values) values.steamUrl = values.steamUrl || null
  if (values.imageUrl) values.imageUrl = await materializeImageUrl(values.imageUrl)
  return values
}

const body = jsonBody(gameBody, titleMessage)
const notFoundMessage = 'Game not found'

/** Spec 001 section 7: update and delete appear under both /api/games and /api/admin/games. */
const writeRoutes = new Hono()
  .put('/:id', body, async (c) => {
    const id = parseId(c)
    const game = await updateGame(id, await toGameValues(c.req.valid('json')))
    if (!game) throw notFound(notFoundMessage)
    recordWrite(c, { entity: 'game', id, summary: `Updated game "${game.title}"`, tags: ['games'] })
    return c.json(game, 200)
  })
  .delete('/:id', async (c) => {
    const id = parseId(c)
    if (!(await deleteGame(id))) throw notFound(notFoundMessage)
    recordWrite(c, { entity: 'game', id, summary: `Deleted game ${id}`, tags: ['games', 'reviews'] })
    return c.json({ id, deleted: true as const }, 200)
  })

export const gamesRoutes = new Hono()
  .use(publicCache('games'))
  .get('/', async (c) => c.json(await listGames()))
  .get('/featured', async (c) => c.json(await listFeaturedGames()))
  // The games screen reads this path; the Steam catalogue is gone (spec 001), so it lists every game.
  .get('/steam', async (c) => c.json(await listGames()))
  .get('/:id', async (c) => {
    const game = await getGame(parseId(c))
    if (!game) throw notFound(notFoundMessage)
    return c.json(game, 200)
  })
  .route('/', writeRoutes)

/** Mounted at /api/admin/games. */
export const gamesAdminRoutes = new Hono()
  .post('/', body, async (c) => {
    const game = await insertGame((await toGameValues(c.req.valid('json'))) as NewGame)
    recordWrite(c, { entity: 'game', id: game.id, summary: `Created game "${game.title}"`, tags: ['games'] })
    return c.json(game, 201)
  })
  .route('/', writeRoutes)
