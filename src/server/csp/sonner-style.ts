import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/**
 * sonner (the admin's toasts) inserts one fixed <style> element when it loads. The page's CSP
 * allows style elements by hash only, so the admin page adds the hash of that exact text, read from
 * the installed sonner at build time (it follows upgrades without a hand-copied hash).
 */
export function sonnerStyleHash(): `sha256-${string}` {
  const require = createRequire(import.meta.url)
  const source = readFileSync(require.resolve('sonner').replace(/index\.js$/, 'index.mjs'), 'utf8')
  const match = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)
  if (!match?.[1])
    throw new Error('sonner no longer inserts its CSS as expected: update src/server/csp/sonner-style.ts')
  const css = JSON.parse(match[1]) as string
  return `sha256-${createHash('sha256').update(css).digest('base64')}`
}
