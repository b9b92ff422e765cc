/**
 * Whether a cron expression (Netlify's scheduled-function syntax: five fields, UTC, or @hourly,
 * @daily, @weekly, @monthly, @yearly) is due in the minute of `at`. Fields take `*`, `*\/n`,
 * `a-b`, `a-b/n` and lists; the local runner ticks scheduled functions with it.
 */
export function cronMatches(expression: string, at: Date): boolean {
  const aliases: Record<string, string> = {
    '@yearly': '0 0 1 1 *',
    '@annually': '0 0 1 1 *',
    '@monthly': '0 0 1 * *',
    '@weekly': '0 0 * * 0',
    '@daily': '0 0 * * *',
    '@hourly': '0 * * * *',
  }
  const fields = (aliases[expression.trim()] ?? expression).trim().split(/\s+/)
  if (fields.length !== 5) throw new Error(`Not a cron expression: ${expression}`)
  const values = [at.getUTCMinutes(), at.getUTCHours(), at.getUTCDate(), at.getUTCMonth() + 1, at.getUTCDay()]
  const ranges: [number, number][] = [
    [0, 59],
    [0, 23],
    [1, 31],
    [1, 12],
    [0, 7],
  ]
  return fields.every((field, i) => fieldMatches(field, values[i]!, ranges[i]!, i === 4))
}

function fieldMatches(field: string, value: number, [min, max]: [number, number], dayOfWeek: boolean): boolean {
  return field.split(',').some((part) => {
    const [range, stepText] = part.split('/')
    const step = stepText === undefined ? 1 : Number(stepText)
    if (!Number.isInteger(step) || step < 1) throw new Error(`Bad cron step: ${part}`)
    let [from, to] = [min, max]
    if (range !== '*') {
      const [a, b] = range!.split('-').map(Number)
      if (!Number.isInteger(a)) throw new Error(`Bad cron field: ${part}`)
      from = a!
      to = b === undefined ? (stepText === undefined ? a! : max) : b
    }
    for (let v = from; v <= to; v += step) if (v === value || (dayOfWeek && v === 7 && value === 0)) return true
    return false
  })
}
