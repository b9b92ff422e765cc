import { SearchIcon } from './icons.tsx'

interface SearchFieldProps {
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
  /** Until the island is live (see use-hydrated.ts). */
  disabled?: boolean
  className?: string
}

/** The list screens' search box: an icon inside a labelled search input. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  disabled = false,
  className = '',
}: SearchFieldProps) {
  return (
    <div className={`relative ${className}`}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-400" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        className="field w-full pl-10"
      />
    </div>
  )
}
