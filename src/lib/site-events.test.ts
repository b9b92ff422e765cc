import { describe, expect, it } from 'vitest'
import { articleEventKind } from './site-events.ts'

const draft = { status: 'draft' }
const live = { status: 'published' }

describe('the event a change of an article is', () => {
  it('is published when it becomes public, however it does', () => {
    expect(articleEventKind(undefined, live, true)).toBe('article.published')
    expect(articleEventKind(draft, live, true)).toBe('article.published')
    // Restored after a delete: public again.
    expect(articleEventKind({}, live, true)).toBe('article.published')
  })

  it('is updated only while public and only when a reader sees the change', () => {
    expect(articleEventKind(live, live, true)).toBe('article.updated')
    expect(articleEventKind(live, live, false)).toBeUndefined()
  })

  it('is deleted when it leaves the site: deleted, or back to draft', () => {
    expect(articleEventKind(live, undefined, true)).toBe('article.deleted')
    expect(articleEventKind(live, draft, true)).toBe('article.deleted')
  })

  it('is nothing for a draft', () => {
    expect(articleEventKind(undefined, draft, true)).toBeUndefined()
    expect(articleEventKind(draft, draft, true)).toBeUndefined()
    expect(articleEventKind(draft, undefined, true)).toBeUndefined()
  })
})
