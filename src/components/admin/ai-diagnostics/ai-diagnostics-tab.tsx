/**
 * Placeholder for the AI Services Diagnostic panel (spec 001), which comes with the AI issue: the
 * lead replaces this file's default export. Kept as its own chunk so the swap touches nothing else.
 */
export default function AiDiagnosticsPlaceholder() {
  return (
    <div className="flex flex-col gap-4">
      <h2 className="section-title">AI Services Diagnostic</h2>
      <p className="text-gray-300">The AI diagnostics arrive with the AI services.</p>
    </div>
  )
}
