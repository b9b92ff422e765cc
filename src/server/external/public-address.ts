/**
 * What the site may connect to when an address comes from the owner (a purchase link checked, a
 * webhook, a Mastodon instance): http(s) only, no credentials in it, a host on the public internet,
 * its every address checked when connecting, so a name that resolves to a private, loopback or
 * link-local address gets nothing (DNS rebinding included). Loopback only where a test's fakes on
 * 127.0.0.1 stand in for the internet (never in production: src/env.server.ts refuses it).
 */
import dns, { type LookupAddress } from 'node:dns'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'
import { isPublicAddress } from '../og/image-source.ts'

/** Whether a test's fakes on this machine may be reached. */
export interface AddressRules {
  allowLoopback: boolean
  /** The name service (Node's own by default): a test's stands in for a name that resolves to a private address. */
  resolve?: typeof dns.lookup
}

const isLoopback = (ip: string) => ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'loopback'

/** Whether an address may be connected to under these options. */
export const allowedAddress = (ip: string, options: AddressRules) =>
  isPublicAddress(ip) || (options.allowLoopback && isLoopback(ip))

/** A link on this machine (a loopback address, or localhost): the only ones a test site checks. */
export function isLoopbackLink(address: string): boolean {
  try {
    const host = new URL(address.trim()).hostname.replace(/^\[|\]$/g, '').toLowerCase()
    return host === 'localhost' || isLoopback(host)
  } catch {
    return false
  }
}

/** DNS look-up that hands the connection only addresses that passed the rules (DNS rebinding included). */
export function checkedLookup(options: AddressRules): LookupFunction {
  const lookup = options.resolve ?? dns.lookup
  return (hostname, lookupOptions, callback) => {
    lookup(hostname, { ...lookupOptions, all: true }, (error, found) => {
      const addresses = (found ?? []) as unknown as LookupAddress[]
      const refused = addresses.find((a) => !allowedAddress(a.address, options))
      if (!error && (refused || addresses.length === 0)) {
        error = Object.assign(new Error(`${hostname} is not on the public internet`), { code: 'EADDRNOTPUBLIC' })
      }
      const done = callback as (e: NodeJS.ErrnoException | null, a: string | LookupAddress[], f?: number) => void
      if (error) done(error, '', 0)
      else if (lookupOptions.all) done(null, addresses)
      else done(null, addresses[0]!.address, addresses[0]!.family)
    })
  }
}

/** The address as a URL the check may request, or why not. */
export function checkableUrl(address: string, options: AddressRules): URL | string {
  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    return 'The address is not a web address.'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The address is not an http(s) address.'
  if (url.username || url.password) return 'The address carries a user name or password.'
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (ipaddr.isValid(host)) return allowedAddress(host, options) ? url : 'The address is not on the public internet.'
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || !host.includes('.')) {
    return options.allowLoopback && host === 'localhost' ? url : 'The address is not on the public internet.'
  }
  return url
}

/**
 * Why an address the owner gives may not be used, or undefined when it may: the rules of
 * checkableUrl, then its host name looked up now, every address it has checked (a name for a
 * private or loopback address is refused here, and again when connecting, where its answer may
 * have changed).
 */
export async function addressProblem(address: string, rules: AddressRules): Promise<string | undefined> {
  const url = checkableUrl(address, rules)
  if (typeof url === 'string') return url
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (ipaddr.isValid(host)) return undefined
  const lookup = rules.resolve ?? dns.lookup
  const found = await new Promise<LookupAddress[] | undefined>((resolve) =>
    lookup(host, { all: true }, (error, addresses) =>
      resolve(error ? undefined : (addresses as unknown as LookupAddress[])),
    ),
  )
  if (!found || found.length === 0) return `The host ${host} could not be found.`
  return found.every((a) => allowedAddress(a.address, rules)) ? undefined : 'The address is not on the public internet.'
}
