import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { noStore } from '../../http/cache.ts'
import { ApiError } from '../../http/errors.ts'
import { boolFrom, intFrom } from '../../http/fields.ts'
import { jsonBody } from '../../http/validate.ts'
import { jobView } from '../../jobs/job-view.ts'
import { getJob } from '../../repos/jobs.repo.ts'
import { getSchedulerConfig, saveSchedulerConfig, type SchedulerUpdate } from '../../repos/scheduler.repo.ts'
import { getScheduleTimes, listSchedulerRuns } from '../../repos/scheduler-runs.repo.ts'
import { MIN_TEST_INTERVAL_MINUTES, runSchedulerNow, TEST_CHAMPIONSHIPS } from '../../scheduler/tick.ts'
import { estimateRepeatedRuns } from '../../../lib/ai-cost-estimate.ts'
import { INPUT_ALLOWANCE_TOKENS, priceFor, priceOf, worstCaseCost } from '../../ai/config.ts'
import { newsMaxOutputTokens } from '../../ai/news.ts'
import { MAX_WORD_COUNT } from '../../../lib/ai-news.ts'

/** A news article or a standings table: a prompt and a JSON answer of about this size (seen in the ledger). */
const TYPICAL_CALL = { inputTokens: 2_000, outputTokens: 1_000 }
/** The most a news call sends as text: its prompt and schema, and the owner's two prompts of 5,000 characters. */
const WORST_PROMPT_BYTES = 12_000

const configMessage = 'Failed to save schedule settings'

/** Spec 001's jobs run on the quarter hour. */
const quarterMinute = intFrom('The minute', 0, 45).refine((m) => m % 15 === 0, 'The minute must be 0, 15, 30 or 45.')
/**
 * The digest is not spec 001's: it goes at any minute the owner picks (issue 45: 'a minute or two
 * ahead' for a first try; the tick runs every minute, so any minute is a slot).
 */
const anyMinute = intFrom('The minute', 0, 59)

const scheduleOf = (minute: typeof quarterMinute | typeof anyMinute) =>
  z
    .object(
      {
        enabled: boolFrom('enabled'),
        frequency: z.enum(['weekly', 'daily'], { message: 'The frequency must be weekly or daily.' }),
        dayOfWeek: intFrom('The day of the week', -1, 6),
        hour: intFrom('The hour', 0, 23),
        minute,
      },
      { message: configMessage },
    )
    .partial()
const jobSchedule = scheduleOf(quarterMinute)

const configBody = z
  .object(
    {
      enabled: boolFrom('enabled'),
      testMode: boolFrom('testMode'),
      // Spec 001: test mode runs every 2 minutes; more often only spends more.
      testIntervalMinutes: intFrom('The test interval', MIN_TEST_INTERVAL_MINUTES, 1440),
      generateNews: boolFrom('generateNews'),
      refreshStandings: boolFrom('refreshStandings'),
      refreshStreams: boolFrom('refreshStreams'),
      refreshGames: boolFrom('refreshGames'),
      championships: z
        .array(z.string().trim().min(1, 'A championship name is empty.').max(100, 'A championship name is too long.'), {
          message: 'The championships must be a list of names.',
        })
        .max(50, 'At most 50 championships.')
        .refine(
          (list) => list.every((n) => !n.includes('\u0000')),
          'A championship name holds characters that cannot be stored.',
        ),
      standings: jobSchedule,
      news: jobSchedule,
      streams: jobSchedule,
      games: jobSchedule,
      digest: scheduleOf(anyMinute),
    },
    { message: configMessage },
  )
  .partial()

/** The scheduler's settings (spec 001), its run history and run-now; the runs themselves start in src/server/scheduler/tick.ts. */
export const schedulerRoutes = new Hono()
  .use(noStore())
  .get('/config', async (c) => c.json({ config: await getSchedulerConfig() }))
  .get('/separate-config', async (c) => c.json(await getSchedulerConfig()))
  .post('/config', jsonBody(configBody, configMessage), async (c) => {
    const data = c.req.valid('json')
    for (const job of [data.standings, data.news, data.streams, data.games, data.digest]) {
      if (job) for (const key of Object.keys(job) as (keyof typeof job)[]) if (job[key] === undefined) delete job[key]
    }
    const config = await saveSchedulerConfig(data as SchedulerUpdate)
    recordWrite(c, {
      entity: 'scheduler',
      summary: `Saved schedule settings (enabled: ${config.enabled}, test mode: ${config.testMode})`,
    })
    return c.json({ config })
  })
  /** Last and next runs and the run history (the scheduler tab's status and activity panels). */
  .get('/runs', async (c) => {
    const [times, runs] = await Promise.all([getScheduleTimes(), listSchedulerRuns()])
    return c.json({ ...times, runs })
  })
  /**
   * What test mode would spend (the confirm dialog before it is switched on): one news article and
   * one standings table per test championship every test interval, priced from the price table.
   */
  .get('/test-mode-estimate', async (c) => {
    const config = await getSchedulerConfig()
    const model = c.var.platform.ai.perplexity.model
    const { price } = priceFor('perplexity', model)
    const estimate = estimateRepeatedRuns(
      TEST_CHAMPIONSHIPS.length * 2,
      Math.max(MIN_TEST_INTERVAL_MINUTES, config.testIntervalMinutes),
      {
        typical: priceOf(price, TYPICAL_CALL.inputTokens, TYPICAL_CALL.outputTokens),
        worst: worstCaseCost(
          price,
          INPUT_ALLOWANCE_TOKENS.perplexity + WORST_PROMPT_BYTES,
          newsMaxOutputTokens(MAX_WORD_COUNT),
        ),
      },
    )
    return c.json({
      ...estimate,
      model,
      championships: [...TEST_CHAMPIONSHIPS],
      draftsPerRun: TEST_CHAMPIONSHIPS.length,
    })
  })
  /** 'Run test now': test-mode work (Formula 1 and IndyCar Series, news and standings) started at once. */
  .post('/test-now', async (c) => {
    const started = await runSchedulerNow(c.var.platform)
    if (started.length === 0) {
      throw new ApiError(429, 'A test run is already in progress. Try again in a minute.', { 'Retry-After': '60' })
    }
    const failed = started.filter((s) => s.jobId === undefined)
    if (failed.length === started.length && failed.length > 0) {
      // Nothing could start (e.g. no AI key): the runs are recorded as failed with the reason.
      const reason = (await listSchedulerRuns(1))[0]?.message ?? 'The test could not start.'
      throw new ApiError(503, reason)
    }
    const jobs = await Promise.all(started.map(async (s) => (s.jobId ? await getJob(s.jobId) : undefined)))
    recordWrite(c, { entity: 'scheduler', summary: 'Started a scheduler test run' })
    return c.json({ runs: started.map((s) => s.run), jobs: jobs.filter((j) => j !== undefined).map(jobView) }, 202)
  })
