import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { noStore } from '../../http/cache.ts'
import { boolFrom, intFrom } from '../../http/fields.ts'
import { jsonBody } from '../../http/validate.ts'
import { getSchedulerConfig, saveSchedulerConfig, type SchedulerUpdate } from '../../repos/scheduler.repo.ts'

const configMessage = 'Failed to save schedule settings'

const minuteField = intFrom('The minute', 0, 45).refine((m) => m % 15 === 0, 'The minute must be 0, 15, 30 or 45.')

const jobSchedule = z
  .object(
    {
      enabled: boolFrom('enabled'),
      frequency: z.enum(['weekly', 'daily'], { message: 'The frequency must be weekly or daily.' }),
      dayOfWeek: intFrom('The day of the week', -1, 6),
      hour: intFrom('The hour', 0, 23),
      minute: minuteField,
    },
    { message: configMessage },
  )
  .partial()

const configBody = z
  .object(
    {
      enabled: boolFrom('enabled'),
      testMode: boolFrom('testMode'),
      testIntervalMinutes: intFrom('The test interval', 1, 1440),
      generateNews: boolFrom('generateNews'),
      refreshStandings: boolFrom('refreshStandings'),
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
    },
    { message: configMessage },
  )
  .partial()

/** The scheduler's stored settings (spec 001); running the jobs is a later issue. */
export const schedulerRoutes = new Hono()
  .use(noStore())
  .get('/config', async (c) => c.json({ config: await getSchedulerConfig() }))
  .get('/separate-config', async (c) => c.json(await getSchedulerConfig()))
  .post('/config', jsonBody(configBody, configMessage), async (c) => {
    const data = c.req.valid('json')
    for (const job of [data.standings, data.news]) {
      if (job) for (const key of Object.keys(job) as (keyof typeof job)[]) if (job[key] === undefined) delete job[key]
    }
    const config = await saveSchedulerConfig(data as SchedulerUpdate)
    recordWrite(c, {
      entity: 'scheduler',
      summary: `Saved schedule settings (enabled: ${config.enabled}, test mode: ${config.testMode})`,
    })
    return c.json({ config })
  })
