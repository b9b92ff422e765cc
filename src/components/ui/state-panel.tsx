import type { ReactNode } from 'react'
import { AlertIcon, InboxIcon } from './icons.tsx'
import { useHydrated } from './use-hydrated.ts'

interface Props {
  kind: 'error' | 'empty'
  title?: string
  /** Heading level of the title: 2 on list pages, 3 inside a home page section. */
  level?: 2 | 3
  children?: ReactNode
  action?: ReactNode
}

/** The error and empty panels of the list screens (spec 000 section 8). */
export function StatePanel({ kind, title, level = 2, children, action }: Props) {
  const Heading = level === 2 ? 'h2' : 'h3'
  const Icon = kind === 'error' ? AlertIcon : InboxIcon
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-xl border border-line bg-panel px-6 py-12 text-center"
    >
      <Icon className={kind === 'error' ? 'size-10 text-red-400' : 'size-10 text-gray-400'} />
      {title && <Heading className="text-xl font-bold text-white">{title}</Heading>}
      {children && <div className="text-gray-300">{children}</div>}
      {action}
    </div>
  )
}

/**
 * Retry reloads the page (spec 000 section 8). The error panel comes in the page's HTML (a list page
 * with the database away, decision 0704), so the button waits, disabled, until its island is live
 * (decision 0111): a click before would be lost.
 */
export function RetryButton() {
  const hydrated = useHydrated()
  return (
    <button type="button" className="btn-primary mt-2" onClick={() => window.location.reload()} disabled={!hydrated}>
      Retry
    </button>
  )
}
