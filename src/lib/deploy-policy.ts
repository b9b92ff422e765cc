/**
 * When the site may ask Netlify for a production deploy (docs/decisions/0204). Each deploy costs
 * credits on Netlify's credit plans (15), and the free plan's 300 a month are a hard limit: the site
 * is paused once they are spent. Visitors see changes without a deploy (the islands and the API
 * read fresh data; a new article's page renders on request), so deploys only refresh the
 * pre-rendered pages, and can wait.
 *
 * The rule: never more deploys in a calendar month (UTC) than the budget; between two deploys at
 * least the time left in the month shared out over the deploys left (so a quiet week saves
 * deploys for later), and never less than the debounce window. Everything that changed in between
 * goes out in one deploy.
 */
export interface DeployPolicyInput {
  now: Date
  /** The last deploy that was requested (this month or before). */
  lastDeployAt: Date | null
  deploysThisMonth: number
  monthlyBudget: number
  debounceMs: number
}

export type DeployDecision = { action: 'deploy' } | { action: 'wait'; until: Date } | { action: 'hold' }

export function startOfNextMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
}

export function startOfMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
}

/** The shortest time between two deploys now: the rest of the month over the deploys left. */
export function deploySpacingMs(input: Omit<DeployPolicyInput, 'lastDeployAt'>): number {
  const left = input.monthlyBudget - input.deploysThisMonth
  if (left <= 0) return Infinity
  const restOfMonth = startOfNextMonth(input.now).getTime() - input.now.getTime()
  return Math.max(input.debounceMs, restOfMonth / left)
}

export function decideDeploy(input: DeployPolicyInput): DeployDecision {
  if (input.deploysThisMonth >= input.monthlyBudget) return { action: 'hold' }
  if (!input.lastDeployAt) return { action: 'deploy' }
  const spacing = deploySpacingMs(input)
  // The spacing is shared out within the month: a deploy of last month does not delay this one longer
  // than the debounce window.
  const since =
    input.lastDeployAt < startOfMonth(input.now)
      ? Math.max(input.lastDeployAt.getTime() + input.debounceMs, startOfMonth(input.now).getTime())
      : input.lastDeployAt.getTime() + spacing
  return since <= input.now.getTime() ? { action: 'deploy' } : { action: 'wait', until: new Date(since) }
}
