import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import http from 'node:http'
import { fakeNameService, noNetwork } from '../../../../fakes/name-service.ts'
import { startFakeShop, type FakeShop } from '../../../../fakes/shop-server.ts'
import { checkLink, checkLinks, defaultLinkCheckOptions, MAX_PARALLEL_CHECKS, type LinkResult } from './link-check.ts'

let shop: FakeShop
beforeAll(async () => {
  shop = await startFakeShop()
})
afterAll(async () => shop.close())

/** The test-only allowance for the fake shop on 127.0.0.1, and a short deadline. */
const options = { ...defaultLinkCheckOptions, allowLoopback: true, timeoutMs: 1500 }
const check = (path: string) => checkLink(`${shop.origin}${path}`, options)

describe('checkLink', () => {
  it('a product page works', async () => {
    expect(await check('/product/wheel')).toEqual({ status: 'working', httpStatus: 200 })
  })

  it('a 404 is broken, with its status', async () => {
    expect(await check('/missing')).toEqual({ status: 'broken', httpStatus: 404, error: 'The address answered 404.' })
  })

  it('asks with GET where HEAD is refused', async () => {
    expect(await check('/no-head')).toEqual({ status: 'working', httpStatus: 200 })
    expect(
      shop
        .requests()
        .filter((r) => r.path === '/no-head')
        .map((r) => r.method),
    ).toEqual(['HEAD', 'GET'])
  })

  it('a redirect on the same host works; one to another host is redirected elsewhere', async () => {
    expect(await check('/moved')).toEqual({
      status: 'working',
      httpStatus: 200,
      finalUrl: `${shop.origin}/product/moved`,
    })
    expect(await check('/elsewhere')).toEqual({
      status: 'redirected',
      httpStatus: 200,
      finalUrl: `${shop.origin.replace('127.0.0.1', 'localhost')}/product/elsewhere`,
    })
  })

  it('a redirect loop, a shop that hangs and a huge body are each cut and reported', async () => {
    expect(await check('/loop')).toEqual({ status: 'broken', error: 'The address redirects more than 5 times.' })
    const started = Date.now()
    expect(await check('/hang')).toEqual({ status: 'broken', error: 'No answer within 1.5 s.' })
    expect(Date.now() - started).toBeLessThan(3000)
    const huge = Date.now()
    expect(await check('/huge')).toEqual({ status: 'working', httpStatus: 200 })
    expect(Date.now() - huge).toBeLessThan(1000)
  })

  it('requests only public addresses: loopback only with the test-only allowance, private never', async () => {
    const production = { ...options, allowLoopback: false }
    const before = shop.requests().length
    // Decided on the address's bytes: an IPv4-mapped loopback is loopback.
    for (const address of [
      `${shop.origin}/product/wheel`,
      'http://localhost/x',
      'http://[::1]/x',
      'http://[::ffff:7f00:1]/',
    ])
      expect(await checkLink(address, production), address).toEqual({
        status: 'broken',
        error: 'The address is not on the public internet.',
      })
    for (const address of [
      'http://10.0.0.1/x',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest',
      'http://[::ffff:a00:1]/',
    ])
      expect((await checkLink(address, options)).error, address).toBe('The address is not on the public internet.')
    expect((await checkLink('ftp://shop.example/x', options)).error).toBe('The address is not an http(s) address.')
    expect((await checkLink('https://user:pw@shop.example/', options)).error).toBe(
      'The address carries a user name or password.',
    )
    expect((await checkLink('/accessories', options)).error).toBe('The address is not a web address.')
    expect(shop.requests().length).toBe(before)
  })
})

describe('a host not reached (issue 45)', () => {
  /** A port on 127.0.0.1 nothing listens on: its connection is refused. */
  async function closedPort(): Promise<number> {
    const server = http.createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    await new Promise<void>((resolve) => server.close(() => resolve()))
    return port
  }
  const named = (name: string, path: string) => `${shop.origin.replace('127.0.0.1', name)}${path}`
  const names = fakeNameService((host) => (host === 'gone.example' ? { code: 'ENOTFOUND' } : '127.0.0.1'))

  it('a name that does not resolve, no name service, or a refused connection: broken, and not reached', async () => {
    expect(await checkLink(named('gone.example', '/product/wheel'), { ...options, resolve: names })).toEqual({
      status: 'broken',
      error: 'The host name does not exist (DNS).',
      unreached: true,
    })
    expect(await checkLink(named('shop.example', '/product/wheel'), { ...options, resolve: noNetwork })).toEqual({
      status: 'broken',
      error: 'The host name does not exist (DNS).',
      unreached: true,
    })
    expect(await checkLink(`http://127.0.0.1:${await closedPort()}/product/wheel`, options)).toEqual({
      status: 'broken',
      error: 'The server refused the connection.',
      unreached: true,
    })
  })

  it('an answer of any status, a host that hangs once connected and a refused address are reached or decided', async () => {
    expect(await checkLink(named('shop.example', '/product/wheel'), { ...options, resolve: names })).toEqual({
      status: 'working',
      httpStatus: 200,
    })
    expect(
      (await checkLink(named('shop.example', '/missing'), { ...options, resolve: names })).unreached,
    ).toBeUndefined()
    expect((await check('/hang')).unreached).toBeUndefined()
    expect((await checkLink('http://10.0.0.1/x', options)).unreached).toBeUndefined()
  })
})

describe('checkLinks', () => {
  it(`checks ${MAX_PARALLEL_CHECKS} at a time and one per host at a time; a slow shop holds up no other`, async () => {
    const hosts = ['a', 'a', 'a', 'b', 'c', 'd', 'e', 'f', 'g']
    const links = hosts.map((h, i) => ({ kind: 'hardware' as const, id: i + 1, url: `https://${h}.example/${i}` }))
    let open = 0
    let most = 0
    const openPerHost = new Map<string, number>()
    let mostPerHost = 0
    const ended: number[] = []
    const fakeCheck = async (url: string): Promise<LinkResult> => {
      const host = new URL(url).host
      open += 1
      openPerHost.set(host, (openPerHost.get(host) ?? 0) + 1)
      most = Math.max(most, open)
      mostPerHost = Math.max(mostPerHost, openPerHost.get(host)!)
      // Host a is slow: its three links take turns while the others go through.
      await new Promise((resolve) => setTimeout(resolve, host === 'a.example' ? 60 : 5))
      open -= 1
      openPerHost.set(host, openPerHost.get(host)! - 1)
      return { status: 'working', httpStatus: 200 }
    }
    await checkLinks(links, options, async (link) => void ended.push(link.id), fakeCheck)
    expect([...ended].sort((x, y) => x - y)).toEqual(links.map((l) => l.id))
    expect(most).toBe(MAX_PARALLEL_CHECKS)
    expect(mostPerHost).toBe(1)
    // Every other host was done before host a's third link.
    expect(ended.indexOf(3)).toBe(ended.length - 1)
  })
})
