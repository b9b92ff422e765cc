import { Tooltip } from 'radix-ui'
import type { ReactElement } from 'react'

/** A tooltip on a control that already has its accessible name (the Provider sets the delays). */
export function Tip({ text, children }: { text: string; children: ReactElement }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          sideOffset={6}
          className="z-50 rounded-md bg-gray-100 px-2.5 py-1.5 text-sm font-medium text-gray-900 shadow"
        >
          {text}
          <Tooltip.Arrow className="fill-gray-100" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}
