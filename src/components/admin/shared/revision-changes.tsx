import type { DiffPart, FieldChange } from '../../../lib/revision-diff.ts'

/** Removed words struck through, added ones marked: <del> and <ins> say so to assistive technology too. */
function Parts({ parts, show }: { parts: DiffPart[]; show: 'old' | 'new' | 'both' }) {
  return (
    <>
      {parts.map((p, i) => {
        if (p.kind === 'removed')
          return show === 'new' ? null : (
            <del key={i} className="rounded-sm bg-red-950 text-red-200">
              {p.text}
            </del>
          )
        if (p.kind === 'added')
          return show === 'old' ? null : (
            <ins key={i} className="rounded-sm bg-green-950 text-green-200 no-underline">
              {p.text}
            </ins>
          )
        return <span key={i}>{p.text}</span>
      })}
    </>
  )
}

function Change({ change }: { change: FieldChange }) {
  const label = <span className="font-semibold text-gray-200">{change.label}: </span>
  if (change.kind === 'value')
    return (
      <p>
        {label}
        {change.before} → {change.after}
      </p>
    )
  if (change.kind === 'rows')
    return (
      <div>
        {label}
        <ul className="ml-4 list-disc">
          {change.rows.map((row, i) => (
            <li key={i}>
              {row.kind === 'added' ? (
                <>added {row.after}</>
              ) : row.kind === 'removed' ? (
                <>removed {row.before}</>
              ) : (
                <>
                  {row.before} → {row.after}
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
    )
  if (change.markupOnly) return <p>{label}only the markup changed (formatting, links or pictures).</p>
  const notes = (
    <>
      {!change.compared && (
        <p className="text-gray-400">Too different to compare word by word: the old text, then the new one.</p>
      )}
      {change.cut && <p className="text-gray-400">Cut short here; each version’s Preview shows it whole.</p>}
    </>
  )
  if (change.long)
    return (
      <div>
        {label}
        <p className="mt-1 break-words">
          <Parts parts={change.parts} show="both" />
        </p>
        {notes}
      </div>
    )
  return (
    <div>
      <p className="break-words">
        {label}“<Parts parts={change.parts} show="old" />” → “<Parts parts={change.parts} show="new" />”
      </p>
      {notes}
    </div>
  )
}

/** What a change did, field by field: old -> new, long text as a word diff, standings by row (issue 25). */
export function RevisionChanges({ changes }: { changes: FieldChange[] }) {
  return (
    <ul className="mt-1 flex flex-col gap-1 text-gray-300" aria-label="Changes">
      {changes.map((change) => (
        <li key={change.field}>
          <Change change={change} />
        </li>
      ))}
    </ul>
  )
}
