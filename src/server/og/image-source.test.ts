import { describe, expect, it } from 'vitest'
import { publicOnlyLookup } from './background.ts'
import { isOwnPicture, isPublicAddress, pictureSource } from './image-source.ts'

const site = 'https://simracing.example'

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    // The same addresses as the URL parser writes them ([::ffff:127.0.0.1] becomes [::ffff:7f00:1]).
    '::ffff:7f00:1',
    '::ffff:a00:1',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:7f00:1',
    '::7f00:1',
    '::127.0.0.1',
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
    '2001:db8::1',
    '198.18.0.1',
    '0x7f.1',
    'not an ip',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false)
  })

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::6810:84e5',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
  ])('accepts %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true)
  })
})

describe('pictureSource', () => {
  it('takes our own static and uploaded pictures', () => {
    expect(pictureSource('/demo/news/spa.webp', site)).toEqual({ kind: 'own', path: '/demo/news/spa.webp' })
    // Escaped letters are read as the site reads them, and fetched decoded.
    expect(pictureSource('/demo/news/sp%61.webp', site)).toEqual({ kind: 'own', path: '/demo/news/spa.webp' })
    expect(pictureSource('/media/abc123.png', site)).toEqual({ kind: 'own', path: '/media/abc123.png' })
    expect(isOwnPicture('/images/default-hero.webp')).toBe(true)
  })

  it.each([
    '/api/og/news/2?x',
    '/api/og/news/2',
    '/api/news',
    '/.netlify/images?url=/api/og/news/2',
    '/demo/../api/og/news/2.png',
    '//evil.example/x.png',
    '/demo/x.webp?cb=1',
    // Encoded dot segments: the Image CDN decodes them to the card itself, or to the API.
    '/images/%2e%2e/api/og/news/3%3F.png',
    '/images/%2E%2E/api/og/news/3.png',
    '/images/%252e%252e/api/og/news/3.png',
    '/media/..%2fapi%2fog%2fnews%2f3.png',
    '/demo/.%2e/api/og/standings.png',
    '/images/%2e/x.png',
    '/images/%25252525252e%25252525252e/x.png',
    '/images/x%3F.png',
    '/images/%E0%A4%A.png',
    '/.netlify/images/x.png',
  ])('never fetches our own %s', (url) => {
    expect(pictureSource(url, site)).toEqual({ kind: 'none' })
  })

  it.each([
    'https://simracing.example/api/og/news/2',
    'http://example.com/x.png',
    'https://127.0.0.1/x.png',
    'https://[::1]/x.png',
    'https://[::ffff:127.0.0.1]:18897/x.png',
    'https://[::ffff:169.254.169.254]/latest/meta-data',
    'https://2130706433/x.png',
    'https://10.0.0.5/x.png',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost/x.png',
    'https://user:pw@example.com/x.png',
    'ftp://example.com/x.png',
    'data:image/png;base64,AAAA',
  ])('refuses %s', (url) => {
    expect(pictureSource(url, site)).toEqual({ kind: 'none' })
  })

  it.each([
    'https://proxy.example/?url=https://simracing.example/api/og/news/2',
    'https://proxy.example/?url=https%3A%2F%2Fsimracing.example%2Fnews%2F2.png',
    'https://proxy.example/fetch/https%253A%252F%252Fother.example%252Fapi%252Fog%252Fnews%252F2',
    'https://proxy.example/api/og/news/2',
    'https://proxy.example/?url=%E0%A4%A',
  ])('refuses an image proxy that would fetch our card (or our site) for the card: %s', (url) => {
    expect(pictureSource(url, site)).toEqual({ kind: 'none' })
  })

  it('takes an https picture on another host, to be checked again when its name resolves', () => {
    expect(pictureSource('https://images.example.com/a.jpg', site)).toEqual({
      kind: 'remote',
      url: new URL('https://images.example.com/a.jpg'),
    })
  })
})

describe('publicOnlyLookup', () => {
  const lookup = (host: string) =>
    new Promise<string>((resolve, reject) =>
      publicOnlyLookup(host, { all: false }, (error, address) => (error ? reject(error) : resolve(String(address)))),
    )

  it('refuses a name that resolves to a loopback address, so no connection is made to it', async () => {
    await expect(lookup('localhost')).rejects.toMatchObject({ code: 'EADDRNOTPUBLIC' })
  })
})
