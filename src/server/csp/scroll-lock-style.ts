import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/** Scrollbar widths the hashes cover: classic scrollbars are 0-20 px wide at any zoom a browser offers. */
export const MAX_SCROLLBAR_GAP_PX = 40

type GetStyles = (
  gap: { left: number; top: number; right: number; gap: number },
  allowRelative: boolean,
  gapMode: 'margin' | 'padding',
  important: string,
) => string

/**
 * A Radix dialog (the panel's dialogs and confirmations) locks the page's scroll with
 * react-remove-scroll-bar, which inserts a <style> element whose text differs only by the width of
 * the scrollbar it hides. The page's CSP allows style elements by hash only (decision 0101), so
 * opening a dialog logged a CSP error and the page kept scrolling behind it (issue 17). The admin
 * page adds the hash of that text for every gap from 0 to 40 px, as Radix calls it (margin mode,
 * !important, body margins 0 under Tailwind's preflight). The template is read from the installed
 * package at build time, so an upgrade that changes it fails the build instead of the dialog.
 */
export function scrollLockStyleHashes(): `sha256-${string}`[] {
  const require = createRequire(import.meta.url)
  // The ES module build, the one the browser bundle runs.
  const file = require.resolve('react-remove-scroll-bar').replace(/es5\/index\.js$/, 'es2015/component.js')
  const source = readFileSync(file, 'utf8')
  const template = /var getStyles = (function \([\s\S]*?\n\});\nvar getCurrentUseCounter/.exec(source)?.[1]
  const constants = require('react-remove-scroll-bar/constants') as Record<string, string>
  const lockAttribute = /export var lockAttribute = '([^']+)'/.exec(source)?.[1]
  if (!template || !lockAttribute || !constants.noScrollbarsClassName)
    throw new Error('react-remove-scroll-bar changed: update src/server/csp/scroll-lock-style.ts')
  const names = ['noScrollbarsClassName', 'zeroRightClassName', 'fullWidthClassName', 'removedBarSizeVariable']
  // The package's own function, with its module's constants, evaluated once at build time.
  const getStyles = new Function(...names, 'lockAttribute', `return ${template}`)(
    ...names.map((n) => constants[n]),
    lockAttribute,
  ) as GetStyles
  return Array.from({ length: MAX_SCROLLBAR_GAP_PX + 1 }, (_, gap) => {
    const css = getStyles({ left: 0, top: 0, right: 0, gap }, true, 'margin', '!important')
    return `sha256-${createHash('sha256').update(css).digest('base64')}` as const
  })
}
