import { Field } from './field.tsx'

interface Props {
  label: string
  value: string
  onChange: (value: string) => void
  options: readonly { value: string; label: string }[]
  className?: string
}

/** A labelled native select: keyboard and screen readers work as the platform does. */
export function SelectField({ label, value, onChange, options, className }: Props) {
  return (
    <Field label={label} className={className}>
      {({ id }) => (
        <select id={id} className="field" value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
