import type { AddressRules } from './public-address.ts'

/**
 * How the link check (src/server/features/audience) may reach outside addresses: one part of the
 * platform's outside services (src/server/external/config.ts), so that a test points it at its fake
 * shop on 127.0.0.1 and production never can.
 */
export interface LinkCheckOptions {
  /** The whole check of one link (HEAD, GET, redirects) must end within this. */
  timeoutMs: number
  /** Redirects followed before the link is called broken (a loop ends here). */
  maxRedirects: number
  /** Headers larger than this are refused (Node's parser stops reading). */
  maxHeaderBytes: number
  /**
   * The end-to-end tests' fake shop on 127.0.0.1: loopback addresses are allowed, nothing else
   * that is not public. Never in production (src/env.server.ts refuses it there).
   */
  allowLoopback: boolean
  /**
   * The end-to-end tests: only links on a loopback address are checked (the fake shop); the others
   * are left unchecked, so a test never reaches the internet. Never in production either.
   */
  loopbackOnly: boolean
  /**
   * The name service (Node's own by default): a test's stands in for a machine without network, or
   * gives the fake shop names of its own.
   */
  resolve?: AddressRules['resolve']
}

export const defaultLinkCheckOptions: LinkCheckOptions = {
  timeoutMs: 10_000,
  maxRedirects: 5,
  maxHeaderBytes: 32 * 1024,
  allowLoopback: false,
  loopbackOnly: false,
}
