import { describe, expect, it } from 'vitest'
import {
  articleIdOf,
  countedPath,
  campaignOf,
  deviceClass,
  dropReason,
  isCountablePath,
  isPrefetch,
  referrerHost,
  sourceOf,
  UTM_MAX,
} from './visit-rules.ts'
import { publicPages } from '../public-pages.ts'

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36'
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:135.0) Gecko/20100101 Firefox/135.0'

const headers =
  (values: Record<string, string> = {}) =>
  (name: string) =>
    values[name]

describe('dropReason', () => {
  const visit = (userAgent: string | undefined, values: Record<string, string> = {}, isOwner = false) =>
    dropReason({ userAgent, header: headers(values), isOwner })

  it('counts a browser that asks for nothing special', () => {
    for (const agent of [CHROME, IPHONE, IPAD, ANDROID_PHONE, ANDROID_TABLET, FIREFOX])
      expect(visit(agent)).toBeUndefined()
  })

  it('drops crawlers, scripts and headless browsers', () => {
    expect(visit('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe('bot')
    expect(visit('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')).toBe('bot')
    expect(visit('curl/8.5.0')).toBe('bot')
    expect(visit(CHROME.replace('Chrome/', 'HeadlessChrome/'))).toBe('bot')
    expect(visit('facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)')).toBe('bot')
  })

  it('drops a request without a user agent (every browser sends one)', () => {
    expect(visit(undefined)).toBe('no-agent')
    expect(visit('   ')).toBe('no-agent')
  })

  it('honours Global Privacy Control, and only its "1"', () => {
    expect(visit(CHROME, { 'sec-gpc': '1' })).toBe('gpc')
    expect(visit(CHROME, { 'sec-gpc': ' 1 ' })).toBe('gpc')
    expect(visit(CHROME, { 'sec-gpc': '0' })).toBeUndefined()
  })

  it("drops the owner's own visits before anything else", () => {
    expect(visit(CHROME, {}, true)).toBe('owner')
    expect(visit('curl/8.5.0', { 'sec-gpc': '1' }, true)).toBe('owner')
  })

  it('drops prefetches and prerenders', () => {
    expect(visit(CHROME, { 'sec-purpose': 'prefetch' })).toBe('prefetch')
  })
})

describe('isPrefetch', () => {
  it.each([
    [{ 'sec-purpose': 'prefetch' }],
    [{ 'sec-purpose': 'prefetch;prerender' }],
    [{ 'sec-purpose': 'prefetch; anonymous-client-ip' }],
    [{ purpose: 'prefetch' }],
    [{ 'x-purpose': 'preview' }],
    [{ 'x-moz': 'prefetch' }],
  ])('%o is ahead of a visit', (values) => {
    expect(isPrefetch(headers(values))).toBe(true)
  })

  it('a plain request is not', () => {
    expect(isPrefetch(headers())).toBe(false)
    expect(isPrefetch(headers({ 'sec-purpose': '' }))).toBe(false)
    expect(isPrefetch(headers({ 'sec-fetch-mode': 'navigate' }))).toBe(false)
  })
})

describe('deviceClass', () => {
  it("classes the layout's width at the site's breakpoints", () => {
    expect(deviceClass(375, CHROME)).toBe('mobile')
    expect(deviceClass(767, undefined)).toBe('mobile')
    expect(deviceClass(768, undefined)).toBe('tablet')
    expect(deviceClass(1023, undefined)).toBe('tablet')
    expect(deviceClass(1024, IPHONE)).toBe('desktop')
    expect(deviceClass(2560, undefined)).toBe('desktop')
  })

  it('without a usable width, reads the user agent', () => {
    for (const width of [undefined, 0, -5, 1.5, 50_000]) expect(deviceClass(width, IPHONE)).toBe('mobile')
    expect(deviceClass(undefined, ANDROID_PHONE)).toBe('mobile')
    expect(deviceClass(undefined, IPAD)).toBe('tablet')
    expect(deviceClass(undefined, ANDROID_TABLET)).toBe('tablet')
    expect(deviceClass(undefined, CHROME)).toBe('desktop')
    expect(deviceClass(undefined, FIREFOX)).toBe('desktop')
    expect(deviceClass(undefined, '')).toBe('unknown')
    expect(deviceClass(undefined, undefined)).toBe('unknown')
  })
})

describe('referrerHost', () => {
  it('keeps the host alone, in lower case, without www.', () => {
    expect(referrerHost('https://www.Google.com/search?q=sim+racing', 'simracing.example')).toBe('google.com')
    expect(referrerHost('https://news.ycombinator.com/item?id=1', 'simracing.example')).toBe('news.ycombinator.com')
    expect(referrerHost('http://forum.example:8080/t/1', 'simracing.example')).toBe('forum.example')
  })

  it('is nothing for the site itself, no referrer, or an address that is not http(s)', () => {
    expect(referrerHost('https://simracing.example/news', 'simracing.example')).toBeUndefined()
    expect(referrerHost('https://www.simracing.example/', 'simracing.example')).toBeUndefined()
    expect(referrerHost('http://localhost:8888/games', 'localhost')).toBeUndefined()
    expect(referrerHost('', 'simracing.example')).toBeUndefined()
    expect(referrerHost(undefined, 'simracing.example')).toBeUndefined()
    expect(referrerHost('not a url', 'simracing.example')).toBeUndefined()
    expect(referrerHost('android-app://com.google.android.gm/', 'simracing.example')).toBeUndefined()
    expect(referrerHost('javascript:alert(1)', 'simracing.example')).toBeUndefined()
  })
})

describe('campaignOf', () => {
  it('reads the three UTM parameters, with or without the ?', () => {
    expect(campaignOf('?utm_source=Newsletter&utm_medium=email&utm_campaign=Black%20Friday')).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'black friday',
    })
    expect(campaignOf('utm_source=reddit')).toEqual({ source: 'reddit' })
  })

  it('ignores empty values and other parameters; trims, folds spaces, drops control characters, caps the length', () => {
    expect(campaignOf('?utm_source=&utm_medium=%20%20&fbclid=abc&search=x')).toEqual({})
    expect(campaignOf('?utm_campaign=%20spring%0A%0Dsale%20%20now%09')).toEqual({ campaign: 'spring sale now' })
    expect(campaignOf(`?utm_source=${'a'.repeat(500)}`).source).toHaveLength(UTM_MAX)
    expect(campaignOf('')).toEqual({})
  })
})

describe('sourceOf', () => {
  it("is the campaign's source, else the referring host, else direct ('')", () => {
    expect(sourceOf('newsletter', 'google.com')).toBe('newsletter')
    expect(sourceOf(undefined, 'google.com')).toBe('google.com')
    expect(sourceOf(undefined, undefined)).toBe('')
  })
})

describe('isCountablePath', () => {
  it("accepts the site's pages in their canonical spelling", () => {
    for (const path of [
      '/',
      '/games',
      '/accessories',
      '/championships',
      '/lap-times',
      '/calendar',
      '/streaming',
      '/news',
      '/reviews',
      '/news/12',
      '/news/12/le-mans-24-hours',
      '/news/page/2',
      '/championships/3/sim-gt-cup',
    ])
      expect(isCountablePath(path), path).toBe(true)
  })

  it('counts every page a reader visits, from the one list of public pages, and no feed', () => {
    // The list the sitemap and the header read too: a page added there is counted (/calendar was not).
    for (const page of publicPages) expect(isCountablePath(page.path), page.path).toBe(page.page)
    expect(isCountablePath('/calendar.ics')).toBe(false)
  })

  it('refuses everything else', () => {
    for (const path of [
      '',
      '/admin',
      '/api/news',
      '/go/hardware/1',
      '/news/',
      '/news/012',
      '/news/abc',
      '/news/page/1',
      '/news/page/01',
      '/news/1/le-mans/comments',
      '/news/12/',
      '/news/012/le-mans',
      '/championships/3',
      '/championships/03/sim-gt-cup',
      '/championships/3/Sim-GT',
      '/games/',
      '/GAMES',
      '/wp-login.php',
      '/news/99999999999',
    ])
      expect(isCountablePath(path), path).toBe(false)
  })

  it('names the article of an article page, and counts it by its id whatever its slug', () => {
    expect(articleIdOf('/news/42')).toBe(42)
    expect(articleIdOf('/news/42/le-mans-24-hours')).toBe(42)
    expect(countedPath('/news/42/le-mans-24-hours')).toBe('/news/42')
    expect(countedPath('/news/42')).toBe('/news/42')
    expect(countedPath('/calendar')).toBe('/calendar')
    expect(articleIdOf('/news/page/2')).toBeUndefined()
    expect(articleIdOf('/news/042')).toBeUndefined()
  })
})
