import type dns from 'node:dns'

/**
 * A name service for the tests of the link check (docs/decisions/0853), in place of Node's
 * `dns.lookup`: it gives the fake shop on 127.0.0.1 names of its own, and stands in for a name that
 * does not exist or for a machine without network, without asking any real DNS server.
 *
 * `answer` says, per host name, the address it resolves to, or the error code of the failure
 * (`ENOTFOUND`: no such name; `EAI_AGAIN`: no name server answered, as on a machine offline).
 */
export function fakeNameService(answer: (hostname: string) => string | { code: string }): typeof dns.lookup {
  const lookup = (
    hostname: string,
    _options: unknown,
    callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
  ) => {
    const found = answer(hostname)
    // Asynchronous, as a real look-up is.
    setImmediate(() => {
      if (typeof found === 'string') callback(null, [{ address: found, family: found.includes(':') ? 6 : 4 }])
      else callback(Object.assign(new Error(`getaddrinfo ${found.code} ${hostname}`), { code: found.code }), [])
    })
  }
  return lookup as unknown as typeof dns.lookup
}

/** Every name on the fake shop (127.0.0.1). */
export const everyNameLocal = fakeNameService(() => '127.0.0.1')

/** A machine without network: no name resolves. */
export const noNetwork = fakeNameService(() => ({ code: 'EAI_AGAIN' }))
