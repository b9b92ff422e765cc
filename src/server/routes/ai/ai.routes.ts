import { Hono } from 'hono'
import { z } from 'zod'
import { htmlToText } from '../../../lib/excerpt.ts'
import { requireConfigured } from '../../ai/call.ts'
import { generateChampionshipNews } from '../../ai/news.ts'
import { generateNewsImage } from '../../ai/news-image.ts'
import { formatArticleHtml, MAX_FORMAT_CHARACTERS } from '../../ai/openai.ts'
import { askStandings, DEFAULT_DRIVERS, saveAiTable } from '../../ai/standings.ts'
import { standingsProblem } from '../../../lib/standings-rules.ts'
import { compareWithOfficial, type OfficialReview } from '../../results/compare.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { noStore } from '../../http/cache.ts'
import { badRequest } from '../../http/errors.ts'
import { intFrom, MAX_HTML, optionalText, requiredText } from '../../http/fields.ts'
import { jsonBody, idParams } from '../../http/validate.ts'
import { jobView } from '../../jobs/job-view.ts'
import { startJob } from '../../jobs/jobs.ts'
import { saveAiSettings } from '../../repos/ai-settings.repo.ts'
import { listStandings, type StandingsSet } from '../../repos/standings.repo.ts'
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

const reviewedMessage = 'Please send the reviewed table: championshipName, season and standings.'
const reviewedBody = z.object(
  {
    championshipName: championshipName(reviewedMessage),
    season: requiredText(reviewedMessage, 20, 'The season'),
    completedRounds: z.number().int().min(0).max(1000).nullable().default(null),
    totalRounds: z.number().int().min(0).max(1000).nullable().default(null),
    standings: z
      .array(
        z.object({
          position: z.number().int().min(1).max(100),
          driverName: requiredText('Every driver needs a name.', 200, 'The driver name'),
          team: optionalText(200, 'The team').default(''),
          points: z.number().min(0).max(100_000),
        }),
        { message: reviewedMessage },
      )
      .min(1, reviewedMessage)
      .max(100, 'At most 100 drivers.'),
    sources: z
      .array(z.url({ protocol: /^https?$/, message: 'Each source must be a web address.' }))
      .max(20)
      .optional(),
  },
  { message: reviewedMessage },
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

/**
 * The generation's answer (spec 001: { standings: { standings[] }, championship }): the table, its id
 * once saved (null while it waits for the owner's review), and the comparison with the official
 * table when there is one.
 */
function generated(
  table: Pick<StandingsSet, 'championshipName' | 'season' | 'completedRounds' | 'totalRounds' | 'standings'> & {
    sourceUrls?: string[]
    sources?: string[]
  },
  id: number | null,
  review: OfficialReview | null,
) {
  return {
    standings: {
      id,
      championshipName: table.championshipName,
      season: table.season,
      completedRounds: table.completedRounds,
      totalRounds: table.totalRounds,
      standings: table.standings,
      sourceUrls: table.sourceUrls ?? table.sources ?? [],
    },
    championship: table.championshipName,
    saved: id !== null,
    review,
  }
}

/** When prompts are given, the AI settings are saved first (spec 001 section 7). */
async function savePromptsIfGiven(values: { contentPrompt?: string; focusPrompt?: string; wordCount?: number }) {
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''))
  if ('contentPrompt' in given || 'focusPrompt' in given) await saveAiSettings(given)
}

/** Spec 001 section 7: AI standings, news, formatting and images, all under /api/admin. */
export const aiRoutes = new Hono()
  .use(noStore())
  /**
   * Spec 001's generation. A table with an official counterpart (Formula 1, via Jolpica-F1) that
   * differs from it is not saved: the answer carries the differences, and the owner saves it with
   * save-reviewed-standings or switches to the official results (docs/decisions/0420).
   */
  .post('/generate-championship-standings', jsonBody(standingsBody, standingsMessage), async (c) => {
    const data = c.req.valid('json')
    const table = await askStandings(c.var.platform, data.championshipName, data.numberOfDrivers)
    const review = (await compareWithOfficial(c.var.platform.external, table)) ?? null
    if (review && review.differences.length > 0) return c.json(generated(table, null, review))
    const set = await saveAiTable(table)
    recordWrite(c, {
      entity: 'standings',
      id: set.id,
      summary: `Generated ${set.championshipName} standings`,
    })
    return c.json(generated(set, set.id, review))
  })
  /** The owner saves an AI table after seeing how it differs from the official one. */
  .post('/save-reviewed-standings', jsonBody(reviewedBody, reviewedMessage), async (c) => {
    const table = c.req.valid('json')
    const problem = standingsProblem(table.standings, table.standings.length)
    if (problem) throw badRequest(`This table cannot be saved: ${problem}.`)
    const set = await saveAiTable({ ...table, sources: table.sources ?? [] })
    recordWrite(c, {
      entity: 'standings',
      id: set.id,
      summary: `Saved the reviewed AI table of ${set.championshipName}`,
    })
    return c.json(generated(set, set.id, null))
  })
  .post('/refresh-all-standings', async (c) => {
    const sets = await listStandings()
    // Official and race results need no AI; only a list of AI tables alone does.
    if (sets.every((s) => s.source === 'ai')) requireConfigured(c.var.platform.ai, 'perplexity')
    if (sets.length === 0) throw badRequest('There are no championship standings to refresh yet.')
    const job = await startJob(c.var.platform, 'refresh-standings', {
      tasks: sets.map((s) => ({ kind: 'standings', championship: s.championshipName })),
      feature: 'refresh-standings',
    })
    recordWrite(c, { entity: 'job', id: job.id, summary: `Started refreshing ${sets.length} standings` })
    return c.json({ job: jobView(job), updated: 0 }, 202)
  })
  .post('/refresh-all-news', async (c) => {
    requireConfigured(c.var.platform.ai, 'perplexity')
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
    requireConfigured(c.var.platform.ai, 'perplexity')
    await savePromptsIfGiven(data)
    const { article, sources } = await generateChampionshipNews(c.var.platform, data)
    recordWrite(c, { entity: 'news', id: article.id, summary: `Generated draft "${article.title}"` })
    return c.json({ ...article, title: article.title, sources }, 201)
  })
  .post('/generate-bulk-championship-news', jsonBody(bulkBody, bulkMessage), async (c) => {
    const data = c.req.valid('json')
    requireConfigured(c.var.platform.ai, 'perplexity')
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
    const formattedContent = await formatArticleHtml(c.var.platform.ai, data.content)
    return c.json({ formattedContent })
  })
  .post('/generate-news-image/:id', idParams(), jsonBody(imageBody), async (c) => {
    const id = c.req.valid('param').id
    const data = c.req.valid('json')
    requireConfigured(c.var.platform.ai, 'openai')
    const article = await generateNewsImage(c.var.platform, id, data.championshipName)
    recordWrite(c, {
      entity: 'news',
      id,
      summary: 'Generated an AI image for the article',
    })
    return c.json(article)
  })
