import { CronExpressionParser } from 'cron-parser'

/**
 * Whether a cron expression (Netlify's scheduled-function syntax: five fields, UTC, or @hourly,
 * @daily, @weekly, @monthly, @yearly) is due in the minute of `at`; the local runner ticks
 * scheduled functions with it. Parsed by cron-parser, so cron's own rules hold: when both
 * day-of-month and day-of-week are restricted, a day matching either one is due.
 */
export function cronMatches(expression: string, at: Date): boolean {
  if (expression.trim().split(/\s+/).length > 5) throw new Error(`Not a five-field cron expression: ${expression}`)
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000)
  try {
    return CronExpressionParser.parse(expression, { tz: 'UTC' }).includesDate(minute)
  } catch (error) {
    throw new Error(`Not a cron expression: ${expression}`, { cause: error })
  }
}
