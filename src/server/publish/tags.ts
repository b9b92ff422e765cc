/**
 * The CDN cache tags of the public API answers (see publicCache in src/server/http/cache.ts),
 * plus 'seo', which only the pre-rendered pages use. A write names the tags it affects.
 */
export const publishTags = [
  'games',
  'accessories',
  'news',
  'standings',
  'championships',
  'lap-times',
  'streams',
  'reviews',
  'site-settings',
  'image-library',
  'seo',
] as const

export type PublishTag = (typeof publishTags)[number]
