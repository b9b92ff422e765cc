import { useId, type TextareaHTMLAttributes } from 'react'

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  label: string
  value: string
  onChange: (value: string) => void
}

export function TextareaField({ label, value, onChange, className, rows = 4, ...rest }: Props) {
  const id = useId()
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-semibold text-gray-200">
        {label}
      </label>
      <textarea
        id={id}
        className="field"
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
    </div>
  )
}
