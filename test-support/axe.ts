import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * axe on the page as it is now, as the browser tests run it: the same rules on the same DOM as
 * `new AxeBuilder({ page }).analyze()`, at about 40% of its CPU (`npm run bench:axe`; docs/testing.md):
 * - legacy mode: axe runs in the page itself instead of opening a blank page of its own for every
 *   call to gather the frames' results there. That page only matters for cross-origin iframes, and
 *   the site has no iframe (its article HTML allow-list drops them).
 * - violations only: axe still runs every rule, but keeps the detail of every node that passed or
 *   was inapplicable out of the result the browser hands to the test (the tests read violations).
 */
export function axe(page: Page, tags?: string[]): AxeBuilder {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] })
  return tags ? builder.withTags(tags) : builder
}
