import { createHash } from 'node:crypto'

/**
 * The CSP source for an inline script written into a page with `set:html`. Astro hashes only the
 * scripts it bundles; a page that needs a script to run during parsing (before any module could
 * load) adds its hash with `Astro.csp?.insertScriptHash(inlineScriptHash(code))`.
 */
export function inlineScriptHash(code: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(code).digest('base64')}`
}
