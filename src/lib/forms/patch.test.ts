import { describe, expect, it } from 'vitest'
import { editedFields } from './patch.ts'

describe('editedFields', () => {
  const loaded = {
    title: 'DiRT Rally 2.0: Pikes Peak',
    streamUrl: 'https://www.youtube.com/@gravelgoblin',
    description: 'Taking on the Pikes Peak hillclimb.',
    startTime: '2026-11-20T19:48:00.000Z',
    isLive: false,
    tags: 'Rally, Hillclimb',
  }

  it('sends only what changed, plus the fields the route requires', () => {
    const input = { ...loaded, description: 'A new description.' }
    expect(editedFields(input, loaded, ['title', 'streamUrl'])).toEqual({
      title: loaded.title,
      streamUrl: loaded.streamUrl,
      description: 'A new description.',
    })
  })

  it('sends a field emptied or switched off, and nothing for a form left as it was', () => {
    expect(editedFields({ ...loaded, tags: '', isLive: true }, loaded, [])).toEqual({ tags: '', isLive: true })
    expect(editedFields(loaded, loaded, [])).toEqual({})
  })

  it('leaves out a required field the input does not have (the other reading of a form)', () => {
    const input: { title: string; steamUrl?: string; websiteUrl?: string } = { title: 'iRacing', websiteUrl: '' }
    expect(editedFields(input, { title: 'iRacing', websiteUrl: '' }, ['title', 'steamUrl', 'websiteUrl'])).toEqual({
      title: 'iRacing',
      websiteUrl: '',
    })
  })
})
