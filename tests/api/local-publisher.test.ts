import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startLocalServices, type LocalServices } from '../../scripts/local-platform/local-services.ts'
import { getPublishStatus } from '../../src/server/publish/publish.ts'
import { adminCookie, send } from '../helpers/auth.ts'
import { expectConsoleError } from '../helpers/console-error.ts'
import { resetDatabase } from '../helpers/db.ts'
import { patience } from '../helpers/patience.ts'

/**
 * `npm start`'s publisher after writes through the API, with a stand-in for the Astro build (the
 * real one takes a minute; tests/e2e/publish.spec.ts runs it). The status moves through the same
 * functions as production's deploy events (docs/decisions/0011).
 */
let services: LocalServices | undefined
let builds = 0
let failing = false
const site = {
  async buildAndSwap() {
    builds++
    if (failing) throw new Error('astro build failed (exit 1)')
    return 'builds/0'
  },
}

beforeEach(async () => {
  await resetDatabase()
  builds = 0
  failing = false
  services = await startLocalServices({ site, childEnv: {}, quietMs: 0, pollMs: 20 })
  services.onServerReady()
})
afterEach(() => services?.stop())

const addAccessory = async (cookie: string, name: string) =>
  expect(
    (await send('POST', '/api/accessories', { cookie, body: { name, purchaseUrl: 'https://shop.example/x' } })).status,
  ).toBe(201)
const status = async () => {
  const { status, lastError, changedTags } = await getPublishStatus()
  return { status, lastError, changedTags }
}

describe('the local publisher', () => {
  it('builds after an edit and puts the site live', async () => {
    const cookie = await adminCookie()
    await addAccessory(cookie, 'Wheel')
    await expect
      .poll(status, { timeout: patience(10_000) })
      .toEqual({ status: 'live', lastError: null, changedTags: [] })
    expect(builds).toBe(1)
  })

  it('leaves a failed build pending with its error, builds it no more, and builds again after the next edit', async () => {
    const cookie = await adminCookie()
    // The runner logs the failed build for whoever watches `npm start`.
    const consoleError = expectConsoleError()
    failing = true
    await addAccessory(cookie, 'Wheel')
    await expect.poll(status, { timeout: patience(10_000) }).toEqual({
      status: 'pending',
      lastError: expect.stringMatching(/astro build failed \(exit 1\)/),
      changedTags: ['accessories'],
    })
    // Not retried: a retrying publisher (quiet period 0, a poll every 20 ms) would build again
    // many times over in half a second.
    await new Promise((resolve) => setTimeout(resolve, 500))
    await services!.stop()
    expect(builds).toBe(1)
    expect((await status()).status).toBe('pending')
    expect(consoleError).toHaveBeenCalledExactlyOnceWith(
      expect.stringMatching(/^\[start\] rebuild failed: astro build failed/),
    )

    services = await startLocalServices({ site, childEnv: {}, quietMs: 0, pollMs: 20 })
    failing = false
    services.onServerReady()
    // A new run builds what a failed run left once, then follows the edits.
    await expect
      .poll(status, { timeout: patience(10_000) })
      .toEqual({ status: 'live', lastError: null, changedTags: [] })
    expect(builds).toBe(2)
    await addAccessory(cookie, 'Pedals')
    await expect.poll(() => builds, { timeout: patience(10_000) }).toBe(3)
    await expect.poll(status, { timeout: patience(10_000) }).toMatchObject({ status: 'live', lastError: null })
  })
})
