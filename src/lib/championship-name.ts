/**
 * The championship an article is about, for its AI image (spec 001 section 7): the title's text
 * before the first colon, with any 4-digit year removed ('Formula 1 2025: Verstappen wins' ->
 * 'Formula 1'). A title without a colon is used whole, under the same rule.
 */
export function championshipNameFromTitle(title: string): string {
  const beforeColon = title.split(':', 1)[0] ?? ''
  return beforeColon
    .replace(/(^|[^\d])\d{4}(?!\d)/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–—,]+|[\s\-–—,]+$/g, '')
    .trim()
}
