import type { ReactNode } from 'react'

export type BadgeTone = 'red' | 'gold' | 'blue' | 'grey' | 'green' | 'orange' | 'silver' | 'bronze' | 'live'

/** Text and background pairs that keep a contrast of at least 4.5:1. */
const tones: Record<BadgeTone, string> = {
  red: 'bg-red-700 text-white',
  gold: 'bg-amber-400 text-black',
  blue: 'bg-blue-700 text-white',
  grey: 'bg-gray-600 text-white',
  green: 'bg-green-700 text-white',
  orange: 'bg-orange-500 text-black',
  silver: 'bg-gray-300 text-black',
  bronze: 'bg-amber-700 text-white',
  live: 'bg-brand text-white',
}

export function Badge({
  tone,
  children,
  className = '',
}: {
  tone: BadgeTone
  children: ReactNode
  className?: string
}) {
  return (
    <span
      className={`inline-flex items-center rounded px-2 py-0.5 text-xs font-bold tracking-wide ${tones[tone]} ${className}`}
    >
      {children}
    </span>
  )
}
