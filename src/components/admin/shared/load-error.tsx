/** A read that failed: what could not be loaded, and Retry, which reads it again. */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="flex items-center gap-3 text-red-300">
      <p>{text}</p>
      <button type="button" className="btn-outline" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}
