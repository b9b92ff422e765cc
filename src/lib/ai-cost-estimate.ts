/** What test mode would spend, shown before it is switched on (issue 17). */
export interface RunEstimate {
  callsPerRun: number
  intervalMinutes: number
  callsPerHour: number
  callsPerDay: number
  /** US dollars, from the price table: a typical call, and every call at its worst case. */
  costPerHour: number
  costPerDay: number
  worstCostPerDay: number
}

/** Calls and cost of work repeated every `intervalMinutes`, each run making `callsPerRun` calls. */
export function estimateRepeatedRuns(
  callsPerRun: number,
  intervalMinutes: number,
  costPerCall: { typical: number; worst: number },
): RunEstimate {
  const runsPerHour = 60 / intervalMinutes
  const callsPerHour = callsPerRun * runsPerHour
  return {
    callsPerRun,
    intervalMinutes,
    callsPerHour,
    callsPerDay: callsPerHour * 24,
    costPerHour: callsPerHour * costPerCall.typical,
    costPerDay: callsPerHour * 24 * costPerCall.typical,
    worstCostPerDay: callsPerHour * 24 * costPerCall.worst,
  }
}

/** '$1.80' (cents; a tenth of a cent shows as '<$0.01'). */
export const dollars = (amount: number) => (amount > 0 && amount < 0.01 ? '<$0.01' : `$${amount.toFixed(2)}`)
