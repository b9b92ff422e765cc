import { dollars, type RunEstimate } from '../../../lib/ai-cost-estimate.ts'
import { confirmAction } from '../shared/confirm.tsx'

export interface TestModeEstimate extends RunEstimate {
  model: string
  championships: string[]
  draftsPerRun: number
}

/** '120 AI calls an hour (2880 a day), about $1.80 an hour and $43.20 a day' */
export const testModeCostText = (e: TestModeEstimate) =>
  `${e.callsPerHour} AI calls an hour (${e.callsPerDay} a day), about ${dollars(e.costPerHour)} an hour and ${dollars(e.costPerDay)} a day`

/** Asks before test mode starts spending; says what it will cost when the estimate is known. */
export function confirmTestMode(estimate: TestModeEstimate | undefined): Promise<boolean> {
  const cost = estimate
    ? `That is ${testModeCostText(estimate)} with ${estimate.model} (up to ${dollars(estimate.worstCostPerDay)} a day at worst), ` +
      `and ${estimate.draftsPerRun} news drafts every ${estimate.intervalMinutes} minutes for ${estimate.championships.join(' and ')}.`
    : 'The cost estimate could not be loaded: every run is paid for.'
  return confirmAction({
    title: 'Enable test mode?',
    description:
      `Test mode runs news and standings every 2 minutes while the scheduler is enabled. ${cost} ` +
      'It keeps spending until you disable it.',
    action: 'Enable Test Mode',
  })
}
