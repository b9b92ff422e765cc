import { useId, type ReactNode } from 'react'

interface Props {
  label: string
  hint?: string
  className?: string
  /** The control, given its id and the id of the hint that describes it. */
  children: (ids: { id: string; hintId: string | undefined }) => ReactNode
}

/** A label over a control, and a hint under it tied with aria-describedby: every form field's frame. */
export function Field({ label, hint, className, children }: Props) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-semibold text-gray-200">
        {label}
      </label>
      {children({ id, hintId })}
      {hint && (
        <p id={hintId} className="text-xs text-gray-400">
          {hint}
        </p>
      )}
    </div>
  )
}
