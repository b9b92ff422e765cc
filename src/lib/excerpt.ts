/** Spec: excerpts are the first 150 characters followed by '...'. */
export const EXCERPT_LENGTH = 150

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** The visible text of an HTML fragment: tags dropped, entities decoded, white space folded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] === '#') {
        const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10)
        return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : ' '
      }
      return namedEntities[code.toLowerCase()] ?? whole
    })
    .replace(/\s+/g, ' ')
    .trim()
}

/** The first 150 characters of a plain text, then '...' (spec 000 and 001). */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  return `${Array.from(text).slice(0, length).join('')}...`
}

/** A news excerpt: from the content's text, never its markup (issue 4). */
export function excerptFromHtml(html: string, length = EXCERPT_LENGTH): string {
  return excerpt(htmlToText(html), length)
}
