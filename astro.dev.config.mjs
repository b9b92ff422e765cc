// @ts-check
import config from './astro.config.mjs'

/**
 * `npm run dev` (packages/local-platform/astro-dev.ts): the site's config without the Netlify adapter,
 * whose dev plugin would serve /api/* through Netlify's own function runtime. The dev server renders
 * every page on request; the API stays the warm local runtime (docs/decisions/0701).
 */
export default { ...config, adapter: undefined }
