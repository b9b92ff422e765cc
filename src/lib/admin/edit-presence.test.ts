import { describe, expect, it } from 'vitest'
import {
  agoText,
  nextPresence,
  noPresence,
  RECENT_EDIT_MS,
  savedRecentlyElsewhere,
  type Presence,
} from './edit-presence.ts'

const hear = (...messages: unknown[]) => messages.reduce<Presence>((p, m) => nextPresence(p, m, 7, 'me'), noPresence)

describe('who else has the article open (the tabs of one browser)', () => {
  it('a tab that opens it, says it is here, gets unsaved changes, saves and closes', () => {
    expect(hear({ kind: 'opened', id: 7, tab: 'b' })).toEqual({
      others: { b: { dirty: false } },
      savedElsewhereAt: null,
    })
    expect(hear({ kind: 'here', id: 7, tab: 'b', dirty: true }).others).toEqual({ b: { dirty: true } })
    const saved = hear(
      { kind: 'state', id: 7, tab: 'b', dirty: true },
      { kind: 'saved', id: 7, tab: 'b', updatedAt: '2026-11-27T10:00:00.000Z' },
    )
    expect(saved).toEqual({ others: { b: { dirty: false } }, savedElsewhereAt: '2026-11-27T10:00:00.000Z' })
    expect(nextPresence(saved, { kind: 'closed', id: 7, tab: 'b' }, 7, 'me').others).toEqual({})
  })

  it('ignores another article, itself and anything malformed', () => {
    expect(hear({ kind: 'opened', id: 8, tab: 'b' })).toBe(noPresence)
    expect(hear({ kind: 'opened', id: 7, tab: 'me' })).toBe(noPresence)
    expect(hear(null, 'hello', { kind: 'opened', id: '7', tab: 'b' }, { kind: 'nonsense', id: 7, tab: 'b' })).toBe(
      noPresence,
    )
  })
})

describe('an article saved lately by no editor of this browser', () => {
  const now = Date.parse('2026-11-27T10:05:00Z')
  it('is recent for ten minutes, unless this browser saved that very version', () => {
    expect(savedRecentlyElsewhere('2026-11-27T10:03:00.000Z', undefined, now)).toBe(true)
    expect(savedRecentlyElsewhere('2026-11-27T10:03:00.000Z', '2026-11-27T10:03:00.000Z', now)).toBe(false)
    expect(savedRecentlyElsewhere(new Date(now - RECENT_EDIT_MS).toISOString(), undefined, now)).toBe(false)
    expect(savedRecentlyElsewhere('not a date', undefined, now)).toBe(false)
  })

  it('says how long ago in words', () => {
    expect(agoText('2026-11-27T10:04:30.000Z', now)).toBe('less than a minute ago')
    expect(agoText('2026-11-27T10:04:00.000Z', now)).toBe('1 minute ago')
    expect(agoText('2026-11-27T09:58:00.000Z', now)).toBe('7 minutes ago')
  })
})
