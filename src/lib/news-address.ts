/**
 * An article's address: `/news/{id}/{slug}` (docs/decisions/0871). The id decides the article; the
 * slug is words for the reader of a shared link or a search result. Any other slug, and the bare
 * `/news/{id}` of every link shared before slugs, answer 301 to this one, so no redirect table is
 * kept: the owner may change the slug at any time and every old address still lands.
 *
 * The slug is made from the title by the database when an article is first published (the
 * `news_slug` function and trigger of migration 20261128231156_news_slugs): every way an article
 * goes live (the editor, the scheduler, a bulk publish, a restore) gets one, and a later title
 * change keeps it. This module is its mirror for what the browser shows before the database has
 * spoken (the editor's address preview, a draft's address) and for the slug the owner types; a
 * test holds the two to the same answers (src/server/routes/news/news-slug.test.ts).
 */

/** The longest slug: long enough for a headline's words, short enough for a shared link. */
export const SLUG_MAX = 80

/** What a stored slug looks like (the database's check constraint says the same). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Letters written as two in ASCII (done before the one-for-one table below, as the database does). */
const MULTI: [string, string][] = [
  ['ß', 'ss'],
  ['ẞ', 'ss'],
  ['æ', 'ae'],
  ['Æ', 'ae'],
  ['œ', 'oe'],
  ['Œ', 'oe'],
  ['þ', 'th'],
  ['Þ', 'th'],
]

/**
 * Latin letters with marks and their ASCII letter, both cases: the same table as the database's
 * `translate` (lower() there may leave non-ASCII letters as they are, depending on the locale).
 */
export const SLUG_FROM =
  'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšșţťŧțùúûüũūŭůűųŵýÿŷźżžð' +
  'ÀÁÂÃÄÅĀĂĄÇĆĈĊČĎĐÈÉÊËĒĔĖĘĚĜĞĠĢĤĦÌÍÎÏĨĪĬĮİĴĶĹĻĽĿŁÑŃŅŇÒÓÔÕÖØŌŎŐŔŖŘŚŜŞŠȘŢŤŦȚÙÚÛÜŨŪŬŮŰŲŴÝŸŶŹŻŽÐ'
export const SLUG_TO =
  'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssssttttuuuuuuuuuuwyyyzzzd' +
  'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssssttttuuuuuuuuuuwyyyzzzd'

const TABLE = new Map([...SLUG_FROM].map((c, i) => [c, SLUG_TO[i]!]))

/**
 * Words of `text` as a slug: Latin letters without their marks, lower case, anything else a single
 * hyphen, at most SLUG_MAX characters (whole words, unless one word is longer). Empty when nothing is left (a
 * title in another script, punctuation only).
 */
export function slugWords(text: string): string {
  let s = text
  for (const [from, to] of MULTI) s = s.replaceAll(from, to)
  s = [...s].map((c) => TABLE.get(c) ?? c).join('')
  // Only ASCII letters are lowered, as the database's translate() does (its lower() follows the
  // locale): every other letter becomes a hyphen below anyway.
  s = s.replace(/[A-Z]/g, (c) => c.toLowerCase())
  s = s.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
  if (s.length <= SLUG_MAX) return s
  // Too long: the whole words that fit (the last hyphen of the first SLUG_MAX + 1 characters ends them).
  const head = s.slice(0, SLUG_MAX + 1)
  const cut = head.lastIndexOf('-')
  return cut > 0 ? head.slice(0, cut) : s.slice(0, SLUG_MAX)
}

/** The slug the database makes of a title: its words, or 'article' when it has none. */
export function slugOfTitle(title: string): string {
  return slugWords(title) || 'article'
}

export interface Addressable {
  id: number
  /** The stored slug: set from the first publish on; null on a draft that was never published. */
  slug?: string | null
  title: string
}

/** The article's one address. A draft's is the one its title would give it now. */
export function articlePath(article: Addressable): string {
  return `/news/${article.id}/${article.slug || slugOfTitle(article.title)}`
}
