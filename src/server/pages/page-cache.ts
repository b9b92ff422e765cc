import type { AstroGlobal } from 'astro'
import { pageTags, type CacheTag } from '../../lib/cache-tags.ts'

/**
 * A page rendered on demand, kept at the CDN under the tags of the content it shows (src/lib/cache-tags.ts),
 * until a write purges one of them (docs/decisions/0700). The headers: src/server/pages/cache-provider.ts.
 */
export function cachePage(cache: AstroGlobal['cache'], tags: readonly CacheTag[]): void {
  cache.set({ tags: [...tags] })
}

/** The tags of one of the public list pages (`/games`, `/news`...). */
export const tagsOfPage = (path: keyof typeof pageTags): readonly CacheTag[] => pageTags[path] ?? []
