import { Switch } from 'radix-ui'
import { useId } from 'react'

interface Props {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  description?: string
}

/** A labelled on/off switch (Radix: role switch, Space toggles). */
export function SwitchField({ label, checked, onChange, description }: Props) {
  const id = useId()
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-semibold text-gray-100">
          {label}
        </label>
        {description && <p className="text-sm text-gray-400">{description}</p>}
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        className="relative h-6 w-11 shrink-0 rounded-full border border-gray-500 bg-gray-700 data-[state=checked]:bg-brand"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white transition-transform data-[state=checked]:translate-x-[1.3rem]" />
      </Switch.Root>
    </div>
  )
}
