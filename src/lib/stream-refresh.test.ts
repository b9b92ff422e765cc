import { describe, expect, it } from 'vitest'
import { differingFields, followsChannel, streamRefreshChanges, type RefreshableStream } from './stream-refresh.ts'

const now = new Date('2026-11-24T20:00:00Z')
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000)

const entry = (o: Partial<RefreshableStream> = {}): RefreshableStream => ({
  title: 'EA WRC Monte-Carlo stage practice with pacenotes',
  thumbnailUrl: '/demo/streams/wrc-monte-carlo.webp',
  streamerName: 'GravelGoblin',
  startTime: hoursAgo(2),
  endTime: null,
  isLive: true,
  viewerCount: 612,
  platformTexts: false,
  ...o,
})

const channelLive = {
  isLive: true,
  title: 'EA WRC Monte-Carlo live',
  viewerCount: 777,
  thumbnailUrl: 'https://i.ytimg.com/vi/LLLLLLLLLLL/maxresdefault_live.jpg',
  startedAt: hoursAgo(0.5),
  streamerName: 'Gravel Goblin',
}

describe('a channel link', () => {
  it('tells a live entry its viewers and nothing else: title, thumbnail and times stay the owner’s', () => {
    expect(streamRefreshChanges(entry(), 'channel', channelLive, now)).toEqual({ isLive: true, viewerCount: 777 })
  })

  it('leaves a recorded entry alone: the channel’s broadcast now is another one (the Pikes Peak replay)', () => {
    const replay = entry({ title: 'DiRT Rally 2.0: Pikes Peak hillclimb challenge', isLive: false, viewerCount: 0 })
    expect(streamRefreshChanges({ ...replay, startTime: hoursAgo(96) }, 'channel', channelLive, now)).toEqual({})
    const ended = { ...replay, startTime: hoursAgo(3), endTime: hoursAgo(1) }
    expect(streamRefreshChanges(ended, 'channel', channelLive, now)).toEqual({})
  })

  it('takes a due entry live, unless another entry of the channel already shows the broadcast', () => {
    const due = entry({ isLive: false, viewerCount: 0, startTime: new Date(now.getTime() + 30 * 60_000) })
    expect(streamRefreshChanges(due, 'channel', channelLive, now)).toEqual({ isLive: true, viewerCount: 777 })
    expect(streamRefreshChanges(due, 'channel', channelLive, now, true)).toEqual({})
  })

  it('ends a live entry when the channel goes offline: offline, no viewers, ended now', () => {
    expect(streamRefreshChanges(entry(), 'channel', { isLive: false }, now)).toEqual({
      isLive: false,
      viewerCount: 0,
      endTime: now,
    })
  })

  it('with the platform’s texts asked for, takes the live broadcast’s title and picture, not while offline', () => {
    const asked = entry({ platformTexts: true })
    expect(streamRefreshChanges(asked, 'channel', channelLive, now)).toMatchObject({
      title: 'EA WRC Monte-Carlo live',
      thumbnailUrl: channelLive.thumbnailUrl,
    })
    expect(streamRefreshChanges(asked, 'channel', { isLive: false, title: 'x' }, now)).not.toHaveProperty('title')
  })

  it('fills a blank streamer name only', () => {
    expect(streamRefreshChanges(entry({ streamerName: '' }), 'channel', channelLive, now)).toMatchObject({
      streamerName: 'Gravel Goblin',
    })
    expect(streamRefreshChanges(entry(), 'channel', channelLive, now)).not.toHaveProperty('streamerName')
  })
})

describe('a video link: the entry’s own broadcast', () => {
  const video = { ...channelLive, title: 'GT3 sprint, live' }

  it('going live takes the broadcast’s start; the owner’s title and thumbnail stay', () => {
    const due = entry({ isLive: false, viewerCount: 0, startTime: hoursAgo(30) })
    expect(streamRefreshChanges(due, 'video', video, now)).toEqual({
      isLive: true,
      viewerCount: 777,
      startTime: video.startedAt,
    })
  })

  it('ending takes the broadcast’s end; a recorded video changes nothing', () => {
    const endedAt = hoursAgo(0.1)
    expect(streamRefreshChanges(entry(), 'video', { isLive: false, endedAt }, now)).toEqual({
      isLive: false,
      viewerCount: 0,
      endTime: endedAt,
    })
    const recorded = entry({ isLive: false, viewerCount: 0, startTime: hoursAgo(48), endTime: hoursAgo(46) })
    const answer = { isLive: false, title: 'Rally stage replay', startedAt: hoursAgo(47), endedAt: hoursAgo(45) }
    expect(differingFields(recorded, streamRefreshChanges(recorded, 'video', answer, now))).toEqual([])
  })

  it('a planned end is kept while live; an end that has passed is cleared when live again', () => {
    const planned = hoursAgo(-3)
    expect(streamRefreshChanges(entry({ endTime: planned }), 'video', video, now)).not.toHaveProperty('endTime')
    expect(streamRefreshChanges(entry({ endTime: hoursAgo(1) }), 'video', video, now)).toMatchObject({ endTime: null })
  })

  it('fills a blank thumbnail; takes title and thumbnail when asked', () => {
    expect(streamRefreshChanges(entry({ thumbnailUrl: '' }), 'video', video, now)).toMatchObject({
      thumbnailUrl: video.thumbnailUrl,
    })
    expect(streamRefreshChanges(entry({ platformTexts: true }), 'video', video, now)).toMatchObject({
      title: 'GT3 sprint, live',
      thumbnailUrl: video.thumbnailUrl,
    })
  })
})

describe('followsChannel', () => {
  it('an hour before the start until 12 hours after it, or until a set end; always while live', () => {
    const at = (start: number, end: number | null = null, isLive = false) =>
      followsChannel({ isLive, startTime: hoursAgo(start), endTime: end === null ? null : hoursAgo(end) }, now)
    expect([at(-1.5), at(-0.5), at(0), at(11.9), at(12.1)]).toEqual([false, true, true, true, false])
    expect([at(20, -1), at(3, 1), at(96, null, true)]).toEqual([true, false, true])
  })
})
