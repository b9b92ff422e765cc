import { streamStartTime } from './dates.ts'

/**
 * Where a championship's table comes from (docs/decisions/0420), and how the public cards and the
 * JSON-LD say it: 'Official results' with the source and when it was read, 'From race results'
 * with the rounds counted, or 'AI-generated' with the pages it was taken from.
 */
export const standingsSources = ['ai', 'jolpica', 'results'] as const
export type StandingsSource = (typeof standingsSources)[number]

export const JOLPICA_NAME = 'Jolpica-F1'
export const JOLPICA_SITE = 'https://jolpi.ca'

export interface SourceFacts {
  source: string
  sourceUrls: readonly string[]
  completedRounds: number | null
  lastUpdated: string | Date
  /** Race results of one class only (docs/decisions/0424). */
  carClass?: string | null
}

export interface SourceLabel {
  /** 'Official results', 'From race results' or 'AI-generated'. */
  title: string
  /** The source and its time, the rounds counted, or the pages used ('' when none were kept). */
  detail: string
  /** Where the visitor can check it (the source's site, the AI's pages). */
  links: { label: string; url: string }[]
}

/** 'fia.com' for 'https://www.fia.com/news/x': the name a source link shows. */
export function siteName(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return url
  }
}

export const isRealSource = (source: string): boolean => source === 'jolpica' || source === 'results'

/**
 * `readAt` writes when official results were read: the public pages' UTC by default, the site's
 * zone in the panel and in the server's words to the owner (src/lib/panel-time.ts `recent`).
 */
export function sourceLabel(
  facts: SourceFacts,
  readAt: (value: string | Date) => string = streamStartTime,
): SourceLabel {
  if (facts.source === 'jolpica') {
    return {
      title: 'Official results',
      detail: `${JOLPICA_NAME} · read ${readAt(facts.lastUpdated)}`,
      links: [{ label: JOLPICA_NAME, url: JOLPICA_SITE }],
    }
  }
  if (facts.source === 'results') {
    const rounds = facts.completedRounds ?? 0
    return {
      title: 'From race results',
      detail: `${rounds} ${rounds === 1 ? 'round' : 'rounds'} counted${facts.carClass ? ` · ${facts.carClass} class` : ''}`,
      links: [],
    }
  }
  const links = facts.sourceUrls.slice(0, 3).map((url) => ({ label: siteName(url), url }))
  return {
    title: 'AI-generated',
    detail: links.length ? `Sources: ${links.map((l) => l.label).join(', ')}` : 'Sources not recorded',
    links,
  }
}
