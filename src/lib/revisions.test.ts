import { describe, expect, it } from 'vitest'
import {
  actorNames,
  actorOfFeature,
  auditActor,
  changedFields,
  fieldLabel,
  shortOldValue,
  versionName,
} from './revisions.ts'

describe('changedFields', () => {
  it('names the content fields that differ, in the record order', () => {
    expect(changedFields({ title: 'a', price: '1', rating: '' }, { title: 'b', price: '1', rating: 'N/A' })).toEqual([
      'title',
      'rating',
    ])
  })

  it('ignores bookkeeping: ids, creation and update times, list order', () => {
    const before = { id: 1, title: 'a', createdAt: 'x', updatedAt: '2026-01-01', displayOrder: 3 }
    expect(changedFields(before, { ...before, updatedAt: '2026-02-02', displayOrder: 1 })).toEqual([])
  })

  it('compares a Date with its stored ISO text as the same value', () => {
    const at = new Date('2026-11-24T10:00:00Z')
    expect(changedFields({ startTime: at.toISOString() }, { startTime: at })).toEqual([])
  })

  it('compares nested values (standings rows, tags) by content', () => {
    const rows = [{ driverName: 'A', points: 10 }]
    expect(changedFields({ standings: rows }, { standings: [{ driverName: 'A', points: 10 }] })).toEqual([])
    expect(changedFields({ standings: rows }, { standings: [{ driverName: 'A', points: 12 }] })).toEqual(['standings'])
    expect(changedFields({ tags: [] }, { tags: null })).toEqual(['tags'])
  })
})

describe('the history texts', () => {
  it('labels fields in words', () => {
    expect(fieldLabel('imageUrl')).toBe('image URL')
    expect(fieldLabel('championshipName')).toBe('championship name')
    expect(fieldLabel('title')).toBe('title')
  })

  it('quotes short text, numbers and flags, never long text or HTML', () => {
    expect(shortOldValue({ title: 'iRacing' }, 'title')).toBe('iRacing')
    expect(shortOldValue({ featured: false }, 'featured')).toBe('false')
    expect(shortOldValue({ content: 'x'.repeat(81) }, 'content')).toBeNull()
    expect(shortOldValue({ content: '<p>Hi</p>' }, 'content')).toBeNull()
    expect(shortOldValue({ standings: [] }, 'standings')).toBeNull()
  })

  it('names a record by its own name field, or its id', () => {
    expect(versionName('accessory', { name: 'Fanatec DD1' })).toBe('Fanatec DD1')
    expect(versionName('standings', { championshipName: 'WEC' })).toBe('WEC')
    expect(versionName('game', { id: 7, title: ' ' })).toBe('#7')
  })

  it('counts scheduled refreshes as the scheduler and the rest as the AI', () => {
    expect(actorOfFeature('scheduled')).toBe('scheduler')
    expect(actorOfFeature('scheduler-test')).toBe('scheduler')
    expect(actorOfFeature('standings')).toBe('ai')
    expect(actorOfFeature('image')).toBe('ai')
  })
})

describe("the Activity log's Who", () => {
  it("names the scheduler's own tick 'Scheduler', and any call the owner made 'Admin'", () => {
    expect(actorNames[auditActor({ method: 'TICK' })]).toBe('Scheduler')
    expect(actorNames[auditActor({ method: 'PUT' })]).toBe('Admin')
    expect(actorNames[auditActor({ method: 'POST' })]).toBe('Admin')
  })
})
