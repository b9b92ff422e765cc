/**
 * Long articles and the edits an owner makes to them, for the History's size and time bounds
 * (issue 31, docs/decisions/0625): the API test and `npm run bench:history` use them. Seeded, so a
 * run is the same each time.
 */

const vocabulary =
  'the car lap pit tyre grip apex brake throttle corner sector stint fuel rain dry wet track grid pole race driver team points podium win'.split(
    ' ',
  )

function sequence(seed: number): () => number {
  let x = seed
  return () => {
    x = (x * 1103515245 + 12345) & 0x7fffffff
    return x / 0x7fffffff
  }
}

/** Article HTML of about `bytes` characters: paragraphs of 40 to 80 words, a heading now and then. */
export function longArticle(bytes: number, seed = 1): string {
  const random = sequence(seed)
  const pick = () => vocabulary[Math.floor(random() * vocabulary.length)]!
  let html = ''
  while (html.length < bytes) {
    const length = 40 + Math.floor(random() * 40)
    html += `<p>${Array.from({ length }, pick).join(' ')}.</p>\n`
    if (random() < 0.1) html += `<h2>Section ${html.length}</h2>\n`
  }
  return html
}

/**
 * A copy edit of the whole article: about one word in `every` changed, spread through the text.
 * Every 10th word of 200 KB is some 3,000 changes: more than a word diff compares in time.
 */
export function copyEdited(html: string, every: number, seed = 2): string {
  const random = sequence(seed)
  let i = 0
  return html.replace(/(?<=[\s>])[a-z]+\b/g, (word) =>
    ++i % every === 0 && random() < 0.9 ? word.toUpperCase() : word,
  )
}

/** One sentence changed in the middle of the article: a small diff in a long text. */
export function oneSentenceEdited(html: string, version: number): string {
  const middle = html.indexOf('<p>', Math.floor(html.length / 2))
  return `${html.slice(0, middle)}<p>Edit ${version}: the stewards reviewed the incident at the final chicane.</p>\n${html.slice(middle)}`
}

/** A change of markup alone: the first paragraph gets (or loses) a class; its text stays the same. */
export function markupEdited(html: string): string {
  return html.startsWith('<p class="lead">')
    ? html.replace('<p class="lead">', '<p>')
    : html.replace('<p>', '<p class="lead">')
}
