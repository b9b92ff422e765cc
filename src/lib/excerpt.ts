/** Spec: excerpts are the first 150 characters followed by '...'. */
export const EXCERPT_LENGTH = 150

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/**
 * Elements a browser shows as their own block: their text is a unit of its own (a heading, a
 * paragraph, a list item, a table cell), never the start of the next one's sentence.
 */
const blockTags = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
])

/** Inline elements: the browser runs their text on with the text around them. */
const inlineTags = new Set([
  'a',
  'abbr',
  'b',
  'cite',
  'code',
  'em',
  'i',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
])

/** A unit that already ends a sentence or a clause (a closing quote or bracket may follow). */
const endsClause = /[.!?…:;,]["'”’»)\]]*$/u

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10)
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : ' '
    }
    return namedEntities[code.toLowerCase()] ?? whole
  })
}

/**
 * The visible text of an HTML fragment: tags dropped, entities decoded, white space folded. Each
 * block (heading, paragraph, list item, cell...) reads as its own sentence: one that does not end
 * in punctuation gets a full stop, so '<h2>Assembly</h2><p>Assembly took...</p>' reads
 * 'Assembly. Assembly took...' rather than one run-on sentence (issue 25). Inline tags run on with
 * the text around them, as a browser shows them; any other tag (br, img, an unknown one) is a space.
 */
export function htmlToText(html: string): string {
  const cleaned = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<!--[\s\S]*?-->/g, ' ')
  const units: string[] = []
  let current = ''
  const endUnit = () => {
    const text = decodeEntities(current).replace(/\s+/g, ' ').trim()
    if (text) units.push(text)
    current = ''
  }
  let last = 0
  for (const tag of cleaned.matchAll(/<\/?([a-z][a-z0-9]*)?[^>]*>/gi)) {
    current += cleaned.slice(last, tag.index)
    last = tag.index + tag[0].length
    const name = tag[1]?.toLowerCase() ?? ''
    if (blockTags.has(name)) endUnit()
    // Inline tags part nothing, as in the browser ('<strong>Ultimate</strong>,' reads 'Ultimate,').
    else if (!inlineTags.has(name)) current += ' '
  }
  current += cleaned.slice(last)
  endUnit()
  return units.map((unit, i) => (i < units.length - 1 && !endsClause.test(unit) ? `${unit}.` : unit)).join(' ')
}

/** The first 150 characters of a plain text, then '...' (spec 000 and 001). */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  return `${Array.from(text).slice(0, length).join('')}...`
}

/**
 * At most `max` characters of a text, cut after a whole word with '…' when it goes on (the digest's
 * excerpts, issue 45: the stored excerpt is the spec's first 150 characters, which may stop
 * mid-word: '...rivals b...'). A first word longer than `max` is cut where it must be.
 */
export function wordExcerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  const chars = Array.from(flat)
  if (chars.length <= max) return flat
  const head = chars.slice(0, max + 1).join('')
  const space = head.lastIndexOf(' ')
  const cut = space > 0 ? head.slice(0, space) : chars.slice(0, max).join('')
  return `${cut.replace(/[\s,;:.\-–—]+$/u, '')}…`
}

/** A news excerpt: from the content's text, never its markup (issue 4). */
export function excerptFromHtml(html: string, length = EXCERPT_LENGTH): string {
  return excerpt(htmlToText(html), length)
}
