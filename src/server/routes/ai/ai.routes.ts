import { newsTag } from '../../../lib/cache-tags.ts'
import { Hono } from 'hono'
import { z } from 'zod'
import { htmlToText } from '../../../lib/excerpt.ts'
import { requireConfigured } from '../../ai/call.ts'
import { generateChampionshipNews } from '../../ai/news.ts'
import { generateNewsImage } from '../../ai/news-image.ts'
import { formatArticleHtml, MAX_FORMAT_CHARACTERS } from '../../ai/openai.ts'
import { DEFAULT_DRIVERS, generateStandings } from '../../ai/standings.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { noStore } from '../../http/cache.ts'
import { badRequest } from '../../http/errors.ts'
import { intFrom, MAX_HTML, optionalText, requiredText } from '../../http/fields.ts'
import { jsonBody, parseId } from '../../http/validate.ts'
import { jobView, startJob } from '../../jobs/jobs.ts'
import { saveAiSettings } from '../../repos/ai-settings.repo.ts'
import { listStandings } from '../../repos/standings.repo.ts'
import { getSchedulerConfig } from '../../repos/scheduler.repo.ts'

const standingsMessage = 'Please enter a championship name to generate standings'
const topicMessage = 'Please enter a championship name to generate news'
const championshipName = (message: string) => requiredText(message, 100, 'The championship name')

const contentType = z
  .enum(['motorsport', 'e-sports'], { message: 'The content type must be motorsport or e-sports.' })
  .default('motorsport')

const standingsBody = z.object(
  {
    championshipName: championshipName(standingsMessage),
    numberOfDrivers: intFrom('The number of drivers', 1, 30).default(DEFAULT_DRIVERS),
  },
  { message: standingsMessage },
)

const prompts = {
  contentPrompt: optionalText(5000, 'The content prompt').optional(),
  focusPrompt: optionalText(5000, 'The focus prompt').optional(),
  wordCount: intFrom('The word count', 50, 3000).optional(),
}

const newsBody = z.object(
  { championshipName: championshipName(topicMessage), contentType, ...prompts },
  { message: topicMessage },
)

const bulkMessage = 'Please choose at least one championship.'
const bulkBody = z.object(
  {
    championships: z
      .array(championshipName('A championship name is empty.'), { message: bulkMessage })
      .min(1, bulkMessage)
      .max(20, 'At most 20 championships at once.'),
    /** The panel sends its prompts either flat or as { prompts: { contentPrompt, focusPrompt } }. */
    prompts: z
      .object(
        { contentPrompt: prompts.contentPrompt, focusPrompt: prompts.focusPrompt },
        { message: 'The prompts must be an object.' },
      )
      .partial()
      .optional(),
    contentType,
    ...prompts,
  },
  { message: bulkMessage },
)

/** Longer text would cost more than a formatting is worth, and may not fit the model's answer (decision 0211). */
export const tooLongToFormat = `The content is too long to format: at most ${MAX_FORMAT_CHARACTERS.toLocaleString('en-US')} characters at once.`
const formatBody = z.object(
  {
    content: requiredText('Please enter some content to format.', MAX_HTML, 'The content').refine(
      (content) => content.length <= MAX_FORMAT_CHARACTERS,
      tooLongToFormat,
    ),
  },
  { message: 'Please enter some content to format.' },
)

const imageBody = z.object({ championshipName: optionalText(100, 'The championship name') }).partial()

/** When prompts are given, the AI settings are saved first (spec 001 section 7). */
async function savePromptsIfGiven(values: { contentPrompt?: string; focusPrompt?: string; wordCount?: number }) {
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''))
  if ('contentPrompt' in given || 'focusPrompt' in given) await saveAiSettings(given)
}

/** Spec 001 section 7: AI standings, news, formatting and images, all under /api/admin. */
export const aiRoutes = new Hono()
  .use(noStore())
  .post('/generate-championship-standings', jsonBody(standingsBody, standingsMessage), async (c) => {
    const data = c.req.valid('json')
    const set = await generateStandings(data.championshipName, data.numberOfDrivers)
    recordWrite(c, {
      entity: 'standings',
      id: set.id,
      summary: `Generated ${set.championshipName} standings`,
      tags: ['standings'],
    })
    return c.json({ standings: set, championship: set.championshipName })
  })
  .post('/refresh-all-standings', async (c) => {
    requireConfigured('perplexity')
    const sets = await listStandings()
    if (sets.length === 0) throw badRequest('There are no championship standings to refresh yet.')
    const job = await startJob(c.var.platform, 'refresh-standings', {
      tasks: sets.map((s) => ({ kind: 'standings', championship: s.championshipName })),
      feature: 'refresh-standings',
    })
    recordWrite(c, { entity: 'job', id: job.id, summary: `Started refreshing ${sets.length} standings` })
    return c.json({ job: jobView(job), updated: 0 }, 202)
  })
  .post('/refresh-all-news', async (c) => {
    requireConfigured('perplexity')
    const { championships } = await getSchedulerConfig()
    const job = await startJob(c.var.platform, 'refresh-news', {
      tasks: championships.map((championship) => ({ kind: 'news', championship })),
      news: { contentType: 'motorsport' },
      feature: 'refresh-news',
    })
    recordWrite(c, { entity: 'job', id: job.id, summary: `Started news for ${championships.length} championships` })
    return c.json({ job: jobView(job), refreshedCount: 0, errors: [] }, 202)
  })
  .post('/generate-championship-news', jsonBody(newsBody, topicMessage), async (c) => {
    const data = c.req.valid('json')
    requireConfigured('perplexity')
    await savePromptsIfGiven(data)
    const { article, sources } = await generateChampionshipNews(data)
    recordWrite(c, { entity: 'news', id: article.id, summary: `Generated draft "${article.title}"` })
    return c.json({ ...article, title: article.title, sources }, 201)
  })
  .post('/generate-bulk-championship-news', jsonBody(bulkBody, bulkMessage), async (c) => {
    const data = c.req.valid('json')
    requireConfigured('perplexity')
    const news = {
      contentType: data.contentType,
      wordCount: data.wordCount,
      contentPrompt: data.contentPrompt || data.prompts?.contentPrompt || undefined,
      focusPrompt: data.focusPrompt || data.prompts?.focusPrompt || undefined,
    }
    await savePromptsIfGiven(news)
    const job = await startJob(c.var.platform, 'bulk-news', {
      tasks: data.championships.map((championship) => ({ kind: 'news', championship })),
      news,
      feature: 'bulk-news',
    })
    recordWrite(c, {
      entity: 'job',
      id: job.id,
      summary: `Started news for ${data.championships.length} championships`,
    })
    return c.json({ job: jobView(job), results: [], errors: [] }, 202)
  })
  .post('/format-news-content', jsonBody(formatBody, 'Please enter some content to format.'), async (c) => {
    const data = c.req.valid('json')
    if (!htmlToText(data.content)) throw badRequest('Please enter some content to format.')
    // Spec 001: auto-format is for content without markup; formatting HTML again could lose text.
    if (/[<>]/.test(data.content))
      throw badRequest('Auto-format works on plain text only: this content already has markup.')
    const formattedContent = await formatArticleHtml(data.content)
    return c.json({ formattedContent })
  })
  .post('/generate-news-image/:id', jsonBody(imageBody), async (c) => {
    const id = parseId(c)
    const data = c.req.valid('json')
    requireConfigured('openai')
    const article = await generateNewsImage(id, data.championshipName)
    recordWrite(c, {
      entity: 'news',
      id,
      summary: 'Generated an AI image for the article',
      tags: ['news', newsTag(id)],
    })
    return c.json(article)
  })
