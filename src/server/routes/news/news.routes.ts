import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { excerptFromHtml, htmlToText } from '../../../lib/excerpt.ts'
import { slugWords } from '../../../lib/news-address.ts'
import { NEWS_ORDERS } from '../../../lib/news-search.ts'
import { sanitizeArticleHtml } from '../../../lib/sanitize-article.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { clientKey } from '../../auth/rate-limit.ts'
import { newsSearches, tooManySearchesMessage } from '../../http/search-budget.ts'
import { materializeImageUrl, withStoredImage } from '../../blobs/images.ts'
import type { BlobStores } from '../../blobs/store.ts'
import { noStore, publicCache } from '../../http/cache.ts'
import { ApiError, badRequest, notFound } from '../../http/errors.ts'
import { optionalImageUrl, requiredText } from '../../http/fields.ts'
import {
  newsAutosaveMessage,
  newsBaseMissingMessage,
  newsConflictMessage,
  newsContract,
  newsRequiredMessage,
  newsSlugMessage,
  type NewsValues,
} from '../../../lib/forms/news.ts'
import { jsonBody, idParams, queryParams } from '../../http/validate.ts'
import {
  deleteNews,
  countNewsByStatus,
  findNewsPage,
  getNews,
  newsStatuses,
  insertNews,
  listNewsCategories,
  moveNews,
  newsSearchHelp,
  publishNews,
  scheduleNews,
  updateNews,
  updateNewsSince,
} from '../../repos/news.repo.ts'

const listQuery = z.object({
  search: z.string().max(200, 'The search term is too long.').optional(),
  category: z.string().max(100, 'The category is too long.').optional(),
  // A search's order (decision 0872): the most relevant first, or the newest.
  order: z.enum(NEWS_ORDERS, { message: 'The order must be relevant or newest.' }).optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be between 1 and 500.')
    .max(500, 'limit must be between 1 and 500.')
    .optional(),
  offset: z.coerce
    .number({ message: 'offset must be a number.' })
    .int('offset must be a whole number.')
    .min(0, 'offset cannot be negative.')
    .optional(),
  /** Cache buster the admin sends after a delete (spec 001); ignored here. */
  t: z.string().optional(),
})

const helpQuery = z.object({
  search: z.string().trim().min(1, 'Please enter a search term.').max(200, 'The search term is too long.'),
  category: z.string().max(100, 'The category is too long.').optional(),
})

/** The admin's list also filters by status (drafts, published, scheduled). */
const adminListQuery = listQuery.extend({
  status: z.enum(newsStatuses, { message: 'The status must be drafts, published or scheduled.' }).optional(),
  /** 'ai': only the articles the AI wrote (the News tab's 'Drafts to Review'). */
  origin: z.enum(['ai'], { message: 'The origin must be ai.' }).optional(),
})

const body = jsonBody(newsContract.schema, newsRequiredMessage)

/**
 * The server's step after the news contract (src/lib/forms/news.ts): the content is sanitized with
 * the article allow-list before it is stored (and must still say something), the excerpt is its
 * first 150 characters of text, and an uploaded picture is stored.
 */
async function toRow(
  blobs: BlobStores,
  { status: _status, publishAt: _publishAt, baseUpdatedAt: _base, autosave: _autosave, slug, ...values }: NewsValues,
) {
  const content = sanitizeArticleHtml(values.content)
  if (!htmlToText(content) && !/<img\b/i.test(content)) throw badRequest(newsRequiredMessage)
  return withStoredImage(blobs, { ...values, ...slugOf(slug), content, excerpt: excerptFromHtml(content) }, 'imageUrl')
}

/**
 * The slug the owner typed, as stored (docs/decisions/0871): its words (`Le Mans 24h!` is
 * `le-mans-24h`); empty is null, which the database makes from the title again once the article is
 * published; not sent, unchanged.
 */
function slugOf(typed: string | undefined): { slug?: string | null } {
  if (typed === undefined) return {}
  if (typed.trim() === '') return { slug: null }
  const slug = slugWords(typed)
  if (!slug) throw badRequest(newsSlugMessage)
  return { slug }
}

/** A publish time must be ahead (a minute's grace for the clock between the owner's click and here). */
function checkPublishAt(publishAt: Date | null | undefined, now = new Date()): void {
  if (publishAt && publishAt.getTime() < now.getTime() - 60_000)
    throw badRequest('Please choose a publish time in the future.')
}

const imageBody = z.object({ imageUrl: optionalImageUrl() }, { message: 'Please choose an image.' })
const titleBody = z.object(
  { title: requiredText('Please enter a title.', 300, 'The title') },
  { message: 'Please enter a title.' },
)

const imageJson = jsonBody(imageBody, 'Please choose an image.')

async function setImage(c: Context, id: number, imageUrl: string) {
  const article = await updateNews(id, {
    imageUrl: imageUrl ? await materializeImageUrl(c.var.platform.blobs, imageUrl) : '',
  })
  if (!article) throw notFound('Article not found')
  recordWrite(c, { entity: 'news', id, summary: 'Changed the article image' })
  return c.json(article)
}

function move(direction: 'up' | 'down') {
  return async (c: Context, id: number) => {
    const result = await moveNews(id, direction)
    if (result === 'missing') throw notFound('Article not found')
    if (result === 'edge') throw new ApiError(409, `The article is already ${direction === 'up' ? 'first' : 'last'}.`)
    // The order of the lists changed; no article's page did.
    recordWrite(c, { entity: 'news', id, summary: `Moved the article ${direction}` })
    return c.json({ id, moved: direction }, 200)
  }
}

export const newsRoutes = new Hono()
  // Keyed on the list's own parameters: tracking parameters and the admin's `t` share its copy.
  .use(publicCache(['news'], { query: ['search', 'category', 'order', 'limit', 'offset'] }))
  .get('/', queryParams(listQuery), async (c) => {
    const { t: _cacheBuster, ...filter } = c.req.valid('query')
    // A distinct search is a render: an address has a minute's budget of them (decision 0704).
    if (filter.search?.trim() || filter.category?.trim()) {
      const retryAfter = newsSearches.take(clientKey(c))
      if (retryAfter > 0) throw new ApiError(429, tooManySearchesMessage, { 'Retry-After': String(retryAfter) })
    }
    const { items, total } = await findNewsPage(filter)
    c.header('X-Total-Count', String(total))
    // Readable by a page on another origin too (a same-origin page reads every header anyway).
    c.header('Access-Control-Expose-Headers', 'X-Total-Count')
    return c.json(items)
  })
  /**
   * What a search that found nothing is offered: 'Did you mean' and the articles with all its
   * words (decision 0872). A render of its own, in the same minute's budget as the search.
   */
  .get('/search-help', queryParams(helpQuery), async (c) => {
    const { search, category } = c.req.valid('query')
    const retryAfter = newsSearches.take(clientKey(c))
    if (retryAfter > 0) throw new ApiError(429, tooManySearchesMessage, { 'Retry-After': String(retryAfter) })
    return c.json(await newsSearchHelp(search, category))
  })
  /** Every category an article has, for the news list's filter (it no longer reads every article). */
  .get('/categories', async (c) => c.json(await listNewsCategories()))
  .get('/:id', idParams(), async (c) => {
    const article = await getNews(c.req.valid('param').id)
    if (!article) throw notFound('Article not found')
    return c.json(article)
  })
  .post('/', body, async (c) => {
    const data = c.req.valid('json')
    checkPublishAt(data.publishAt)
    const values = await toRow(c.var.platform.blobs, data)
    // A publish time makes it a scheduled draft; the public site sees it once the scheduler publishes it.
    const draft = data.status === 'draft' || Boolean(data.publishAt)
    const article = await insertNews({
      ...values,
      status: draft ? 'draft' : 'published',
      publishAt: data.publishAt ?? null,
    })
    const summary = `Created ${draft ? 'draft ' : ''}article "${article.title}"`
    // A draft changes nothing public: nothing to purge.
    recordWrite(c, { entity: 'news', id: article.id, summary })
    return c.json(article, 201)
  })
  .put('/:id', idParams(), body, async (c) => {
    const id = c.req.valid('param').id
    const data = c.req.valid('json')
    // Every save names the version it changes, so that it never overwrites a newer one unseen (the
    // editor always sends it; 'Overwrite with mine' sends the newer version it has now read).
    if (!data.baseUpdatedAt) throw badRequest(newsBaseMissingMessage)
    checkPublishAt(data.publishAt)
    const values = await toRow(c.var.platform.blobs, data)
    const current = await getNews(id, { includeDrafts: true })
    if (!current) throw notFound('Article not found')
    if (data.publishAt && current.status === 'published') throw new ApiError(409, 'This article is already published.')
    const changes = {
      ...values,
      ...(data.publishAt !== undefined && current.status === 'draft' ? { publishAt: data.publishAt } : {}),
    }
    const article = await updateNewsSince(id, changes, data.baseUpdatedAt, { autosave: data.autosave })
    if (!article) throw notFound('Article not found')
    if (article === 'conflict') throw new ApiError(409, newsConflictMessage)
    if (article === 'published') throw new ApiError(409, newsAutosaveMessage)
    const verb = data.autosave ? 'Autosaved' : 'Updated'
    const summary = `${verb} ${article.status === 'draft' ? 'draft ' : ''}article "${article.title}"`
    recordWrite(c, { entity: 'news', id, summary })
    return c.json(article)
  })
  .delete('/:id', idParams(), async (c) => {
    const id = c.req.valid('param').id
    if (!(await deleteNews(id))) throw notFound('Article not found')
    recordWrite(c, { entity: 'news', id, summary: `Deleted article ${id}` })
    return c.json({ id, deleted: true })
  })
  .put('/:id/image', idParams(), imageJson, (c) => setImage(c, c.req.valid('param').id, c.req.valid('json').imageUrl))

/** The admin's article actions under /api/admin (spec 001 section 7). */
export const newsAdminRoutes = new Hono()
  // The News tab's list and the owner's preview: drafts included, never cached.
  .get('/news', noStore(), queryParams(adminListQuery), async (c) => {
    const { t: _cacheBuster, origin, ...filter } = c.req.valid('query')
    const { items, total } = await findNewsPage({ ...filter, includeDrafts: true, aiOnly: origin === 'ai' })
    c.header('X-Total-Count', String(total))
    return c.json(items)
  })
  /** The status filter's counts for the list's search and category: { all, drafts, published, scheduled }. */
  .get('/news/counts', noStore(), queryParams(listQuery), async (c) => {
    const { search, category } = c.req.valid('query')
    return c.json(await countNewsByStatus({ search, category }))
  })
  .get('/news/:id', idParams(), noStore(), async (c) => {
    const article = await getNews(c.req.valid('param').id, { includeDrafts: true })
    if (!article) throw notFound('Article not found')
    return c.json(article)
  })
  .post('/news/:id/publish', idParams(), async (c) => {
    const id = c.req.valid('param').id
    const article = await publishNews(id)
    if (!article) throw notFound('Article not found')
    recordWrite(c, { entity: 'news', id, summary: `Published article "${article.title}"` })
    return c.json(article)
  })
  /** A scheduled article goes back to being a draft kept by hand. */
  .post('/news/:id/unschedule', idParams(), async (c) => {
    const id = c.req.valid('param').id
    const article = await scheduleNews(id, null)
    if (!article) throw notFound('Article not found')
    if (article === 'published') throw new ApiError(409, 'This article is already published.')
    recordWrite(c, { entity: 'news', id, summary: `Unscheduled article "${article.title}"` })
    return c.json(article)
  })
  .post('/move-news-up/:id', idParams(), (c) => move('up')(c, c.req.valid('param').id))
  .post('/move-news-down/:id', idParams(), (c) => move('down')(c, c.req.valid('param').id))
  .post('/update-news-title/:id', idParams(), jsonBody(titleBody, 'Please enter a title.'), async (c) => {
    const id = c.req.valid('param').id
    const { title } = c.req.valid('json')
    const article = await updateNews(id, { title })
    if (!article) throw notFound('Article not found')
    recordWrite(c, { entity: 'news', id, summary: `Renamed the article to "${title}"` })
    return c.json(article)
  })
  .post('/update-news-image/:id', idParams(), imageJson, (c) =>
    setImage(c, c.req.valid('param').id, c.req.valid('json').imageUrl),
  )
