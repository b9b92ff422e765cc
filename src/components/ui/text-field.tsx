import type { InputHTMLAttributes } from 'react'
import { Field } from './field.tsx'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string
  value: string
  onChange: (value: string) => void
  hint?: string
}

/** A labelled input; the hint is tied to it with aria-describedby. */
export function TextField({ label, value, onChange, hint, className, ...rest }: Props) {
  return (
    <Field label={label} hint={hint} className={className}>
      {({ id, hintId }) => (
        <input
          id={id}
          className="field"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={hintId}
          {...rest}
        />
      )}
    </Field>
  )
}
