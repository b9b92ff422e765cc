import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { newsTag } from '../../../lib/cache-tags.ts'
import { errorResponse, notFound } from '../../http/errors.ts'
import { SITE_NAME } from '../../../lib/structured-data.ts'
import { HOME_CHAMPIONSHIPS, hasResults, topDrivers } from '../../../lib/standings.ts'
import { heroImage } from '../../../lib/hero.ts'
import { newsImageUrl } from '../../../lib/news-image.ts'
import { publicCache } from '../../http/cache.ts'
import { idParams } from '../../http/validate.ts'
import { loadBackground } from '../../og/background.ts'
import { cachedCard, type CardResult } from '../../og/card-cache.ts'
import { renderCard } from '../../og/card.ts'
import { getNews } from '../../repos/news.repo.ts'
import { getSetting } from '../../repos/site-settings.repo.ts'
import { listStandings } from '../../repos/standings.repo.ts'

/**
 * Cards are kept at the CDN like the pages (src/server/http/cache.ts): until a write purges the
 * content they show (docs/decisions/0114, 0700), whatever query string a share link carries.
 */
const cardCache = (tags: readonly string[] | ((c: Context) => readonly string[])): MiddlewareHandler =>
  publicCache(tags)

/** A card as PNG; `X-Card-Cache` says whether this instance drew it or had it already. */
const png = ({ png: body, hit }: CardResult) =>
  new Response(new Uint8Array(body), {
    status: 200,
    headers: { 'Content-Type': 'image/png', 'X-Card-Cache': hit ? 'hit' : 'miss' },
  })

/**
 * Open Graph cards, drawn on request and kept by the CDN until the content they show changes (the
 * publish pipeline purges their tags): 10,000 articles would add minutes to every build
 * (docs/decisions/0112).
 */
export const ogNewsRoutes = new Hono()
  .use(cardCache((c) => [newsTag(Number(c.req.param('id')))]))
  .get('/:id', idParams(), async (c) => {
    const article = await getNews(c.req.valid('param').id)
    if (!article) throw notFound('Article not found')
    // What the card shows: a write bumps updatedAt, and the fields guard two writes in one millisecond.
    const key = JSON.stringify([
      'news',
      article.id,
      article.updatedAt.getTime(),
      article.title,
      article.category,
      article.imageUrl,
    ])
    return png(
      await cachedCard(key, async () => {
        const image = await loadBackground(newsImageUrl(article), new URL(c.req.url).origin)
        return renderCard({ title: article.title, kicker: article.category || 'News', siteName: SITE_NAME, image })
      }),
    )
  })

/** The standings card: the podium of each championship (as many as the home page shows). */
export const ogStandingsRoutes = new Hono().use(cardCache(['standings', 'site-settings'])).get('/', async (c) => {
  const [sets, hero] = await Promise.all([listStandings(), getSetting('hero_image')])
  // As the home page and /championships: a championship without results is not shown yet.
  const lines = sets
    .filter(hasResults)
    .slice(0, HOME_CHAMPIONSHIPS)
    .map(
      (s) =>
        `${s.championshipName}: ${topDrivers(s.standings)
          .map((d) => `${d.position}. ${d.driverName}`)
          .join('  ')}`,
    )
  const heroUrl = heroImage(hero?.value)
  const key = `standings:${heroUrl}:${lines.join('\n')}`
  return png(
    await cachedCard(key, async () =>
      renderCard({
        title: 'Championship Standings',
        kicker: 'Championships',
        siteName: SITE_NAME,
        lines: lines.length ? lines : ['No championship standings available.'],
        image: await loadBackground(heroUrl, new URL(c.req.url).origin),
      }),
    ),
  )
})

/**
 * The cards as their own app under /api/og, served by netlify/functions/og.mts: the renderer
 * (satori, resvg's native binary, a font) is 4 MB that the API function does not carry, so an
 * API cold start does not load it (docs/decisions/0013). Only GETs of public content: no session.
 */
export function createOgApp() {
  return new Hono()
    .basePath('/api/og')
    .route('/news', ogNewsRoutes)
    .route('/standings', ogStandingsRoutes)
    .notFound((c) => c.json({ message: 'Not found' }, 404))
    .onError(errorResponse)
}
