import type { TextareaHTMLAttributes } from 'react'
import { Field } from './field.tsx'

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  label: string
  value: string
  onChange: (value: string) => void
}

export function TextareaField({ label, value, onChange, className, rows = 4, ...rest }: Props) {
  return (
    <Field label={label} className={className}>
      {({ id }) => (
        <textarea
          id={id}
          className="field"
          rows={rows}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...rest}
        />
      )}
    </Field>
  )
}
