import type { LinkKind } from '../../../lib/audience/go-links.ts'
import { useClicksOf, useLinkHealth, type LinkHealth } from './use-link-figures.ts'
import { usePanelTime } from './use-time-zone.ts'

/**
 * An item's clicks in its tab's list ('Clicks: 12 in 7 days · 40 in 30 days'), for an item with a
 * link; the line is there from the first render, so nothing moves when the figures arrive.
 */
export function ItemClicks({ kind, id }: { kind: LinkKind; id: number }) {
  const clicks = useClicksOf(kind, id)
  return (
    <p className="text-sm text-gray-300">
      Clicks: {clicks ? `${clicks.clicks7} in 7 days · ${clicks.clicks30} in 30 days` : '…'}
    </p>
  )
}

const kindLabel: Record<LinkKind, string> = { hardware: 'Hardware', game: 'Game' }

/** Why a link is listed: its status or error, and where it led. */
export function linkProblem(link: Pick<LinkHealth, 'status' | 'error' | 'finalUrl'>): string {
  if (link.status === 'redirected') return `Redirected elsewhere: ${link.finalUrl ?? ''}`
  return link.error ?? 'Broken'
}

/**
 * The broken links of one kind (the top of the Hardware and Games tabs) or of both (the System tab),
 * from the last link check; nothing when none is broken.
 */
export function BrokenLinks({ kind, headingLevel = 3 }: { kind?: LinkKind; headingLevel?: 2 | 3 }) {
  const { data } = useLinkHealth()
  const time = usePanelTime()
  const broken = (data?.links ?? []).filter((l) => l.status === 'broken' && (!kind || l.kind === kind))
  if (broken.length === 0) return null
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const title =
    kind === 'hardware' ? 'Broken purchase links' : kind === 'game' ? 'Broken game websites' : 'Broken links'
  return (
    <section
      aria-labelledby={`broken-links-${kind ?? 'all'}`}
      className="rounded-xl border border-red-800 bg-red-950/40 p-4 text-sm text-gray-100"
    >
      <Heading id={`broken-links-${kind ?? 'all'}`} className="mb-2 text-base font-bold text-red-200">
        {title} ({broken.length})
      </Heading>
      <ul className="flex flex-col gap-1">
        {broken.map((link) => (
          <li key={`${link.kind}:${link.id}`}>
            {!kind && <span className="text-gray-400">{kindLabel[link.kind]}: </span>}
            <span className="font-semibold">{link.name}</span> — {linkProblem(link)}{' '}
            <span className="break-all text-gray-400">({link.url})</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-gray-300">
        Found by the link check of {time.dateTime(broken[0]!.checkedAt)}. Edit the item to fix its link.
      </p>
    </section>
  )
}
