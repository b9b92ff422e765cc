import { useMutationState } from '@tanstack/react-query'
import { generateStandingsKey } from '../championships/use-standings-ai.ts'
import { generateNewsKey, type NewsForm } from '../news/use-news-ai.ts'

/**
 * The progress banner (spec 001 section 2) for the single AI calls, one article or one standings
 * table: they answer in one request, not as jobs, so the shell follows the pending call itself and
 * the banner stays on whatever tab the owner moves to while it runs.
 */
export function PendingAiBanner() {
  const articles = useMutationState({
    filters: { mutationKey: generateNewsKey, status: 'pending' },
    select: (m) => `Generating news for ${(m.state.variables as NewsForm | undefined)?.championshipName ?? '…'}`,
  })
  const tables = useMutationState({
    filters: { mutationKey: generateStandingsKey, status: 'pending' },
    select: (m) => `Generating ${String(m.state.variables ?? '')} standings`,
  })
  const tasks = [...articles, ...tables]
  if (tasks.length === 0) return null
  return (
    <section aria-label="AI generation in progress" className="mb-4 space-y-3">
      {tasks.map((task, i) => (
        <div
          key={`${task}-${i}`}
          role="status"
          className="rounded-lg border border-sky-700 bg-sky-950/60 p-4 text-sm text-gray-100"
        >
          <p className="font-semibold">{task}</p>
          {/* No value: one call has no steps to count. */}
          <progress className="mt-2 h-2 w-full" aria-label={task} />
        </div>
      ))}
    </section>
  )
}
