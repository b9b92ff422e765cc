/**
 * What the sign-up form takes as an email address (docs/decisions/0800): the address a browser's
 * `<input type="email">` accepts (WHATWG HTML's rule), on a domain mail can reach from the
 * Internet. The API and the form say the same thing, so the message is here.
 */
export const INVALID_ADDRESS_MESSAGE = 'Please enter a valid email address.'
export const UNREACHABLE_ADDRESS_MESSAGE =
  'Please enter an email address on the Internet: this one cannot receive our mail.'

/** WHATWG HTML's valid email address: no quoted local parts, no comments, ASCII only. */
const WHATWG_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/**
 * Top-level domains that never reach the Internet's mail (RFC 2606, 6761, 6762; ICANN's .internal):
 * an address there is not an address we can write to.
 */
const PRIVATE_TLDS = new Set(['invalid', 'localhost', 'local', 'internal', 'test', 'arpa', 'home', 'lan', 'corp'])

export type AddressCheck = { ok: true; address: string } | { ok: false; message: string }

/**
 * The address as stored (trimmed, lowercased: one row per mailbox whatever its spelling), or why
 * it is refused: not an address at all, or one whose domain is not on the Internet (a single label,
 * a private top-level domain, a top-level domain of digits such as an IP address).
 */
export function checkEmailAddress(input: unknown): AddressCheck {
  if (typeof input !== 'string') return { ok: false, message: INVALID_ADDRESS_MESSAGE }
  const address = input.trim().toLowerCase()
  // RFC 5321: 64 octets of local part, 254 in all (a path of 256 with its angle brackets).
  if (address.length > 254 || !WHATWG_EMAIL.test(address)) return { ok: false, message: INVALID_ADDRESS_MESSAGE }
  const [local, domain] = address.split('@') as [string, string]
  if (local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..'))
    return { ok: false, message: INVALID_ADDRESS_MESSAGE }
  const labels = domain.split('.')
  const tld = labels.at(-1)!
  if (labels.length < 2 || PRIVATE_TLDS.has(tld) || !/^[a-z][a-z0-9-]*[a-z0-9]$|^xn--[a-z0-9-]+$/.test(tld))
    return { ok: false, message: UNREACHABLE_ADDRESS_MESSAGE }
  return { ok: true, address }
}

/** Providers that ignore the dots of a mailbox's name (Gmail's documented rule), with their one domain. */
const DOTLESS_PROVIDERS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' }

/**
 * The mailbox an address reaches, for the sign-up limit (issue 42): its +tag dropped (most providers
 * deliver `name+anything@` to `name@`), and at Gmail its dots and its other domain. Only the limit
 * reads it: the address is stored and written to as the reader typed it.
 */
export function canonicalMailbox(address: string): string {
  const [local = '', domain = ''] = address.trim().toLowerCase().split('@')
  const untagged = local.split('+')[0]!
  const dotless = DOTLESS_PROVIDERS[domain]
  return dotless ? `${untagged.replace(/\./g, '')}@${dotless}` : `${untagged}@${domain}`
}
