interface Props {
  count: number
  label: string
  className?: string
}

/** Loading placeholders shaped like the cards they stand for. */
export function SkeletonGrid({ count, label, className = 'card-grid' }: Props) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className={className}>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          data-testid="skeleton-card"
          className="animate-pulse overflow-hidden rounded-xl border border-line bg-panel"
        >
          <div className="aspect-video bg-line/60" />
          <div className="space-y-3 p-5">
            <div className="h-5 w-3/4 rounded bg-line/60" />
            <div className="h-4 w-full rounded bg-line/40" />
            <div className="h-4 w-5/6 rounded bg-line/40" />
          </div>
        </div>
      ))}
    </div>
  )
}
