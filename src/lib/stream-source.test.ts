import { describe, expect, it } from 'vitest'
import { steamAppId, streamSource } from './stream-source.ts'

describe('streamSource', () => {
  it('reads Twitch channels, not Twitch pages', () => {
    expect(streamSource('https://www.twitch.tv/SimRacer_42')).toEqual({ platform: 'twitch', login: 'simracer_42' })
    expect(streamSource('https://m.twitch.tv/simracer/videos')).toEqual({ platform: 'twitch', login: 'simracer' })
    expect(streamSource('https://www.twitch.tv/videos/123456')).toBeUndefined()
    expect(streamSource('https://www.twitch.tv/')).toBeUndefined()
  })

  it('reads YouTube videos in every link form', () => {
    const id = 'dQw4w9WgXcQ'
    for (const url of [
      `https://www.youtube.com/watch?v=${id}`,
      `https://youtu.be/${id}`,
      `https://www.youtube.com/live/${id}?feature=share`,
      `https://m.youtube.com/watch?v=${id}&t=10`,
    ]) {
      expect(streamSource(url)).toEqual({ platform: 'youtube', videoId: id })
    }
  })

  it('reads YouTube channels by id and by handle', () => {
    expect(streamSource('https://www.youtube.com/channel/UC1234567890abcdefghijkl')).toEqual({
      platform: 'youtube',
      channelId: 'UC1234567890abcdefghijkl',
    })
    expect(streamSource('https://www.youtube.com/@SimRacingLive/live')).toEqual({
      platform: 'youtube',
      handle: '@SimRacingLive',
    })
  })

  it('skips everything else', () => {
    for (const url of [
      null,
      '',
      'not a url',
      'https://kick.com/simracer',
      'https://www.youtube.com/results?search_query=f1',
      'ftp://www.twitch.tv/simracer',
      'https://evil.example/www.twitch.tv/simracer',
    ]) {
      expect(streamSource(url)).toBeUndefined()
    }
  })
})

describe('steamAppId', () => {
  it('reads the app id of a store URL', () => {
    expect(steamAppId('https://store.steampowered.com/app/244210/Assetto_Corsa/')).toBe(244210)
    expect(steamAppId('https://store.steampowered.com/app/805550')).toBe(805550)
  })
  it('refuses other links', () => {
    expect(steamAppId('https://www.iracing.com/')).toBeUndefined()
    expect(steamAppId('https://store.steampowered.com/bundle/232/')).toBeUndefined()
    expect(steamAppId('https://store.steampowered.com/app/99999999999/')).toBeUndefined()
    expect(steamAppId(undefined)).toBeUndefined()
  })
})
