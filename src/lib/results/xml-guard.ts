import { ResultFileError } from './decode.ts'

/**
 * What an XML result file may and may not hold, checked in one pass before any parser sees it
 * (docs/decisions/0421, 0426).
 *
 * Every LMU, rFactor 2 and rFactor 1 result file opens with the same document type:
 * `<!DOCTYPE rF [<!ENTITY rFEnt "rFactor Entity">]>`, an internal subset of one plain text entity.
 * That is read: general entities whose value is plain text (no markup, no reference to another
 * entity), of bounded length and number, expanded by us where the document refers to them, bounded
 * in total. Everything that makes a document type dangerous stays refused in words before a parser
 * meets it: an external subset or entity (SYSTEM / PUBLIC: a file or URL read on our side), a
 * parameter entity (`%`), an entity built of other entities (the billion laughs), a long value, an
 * expansion beyond a bound, any other declaration. Elements nest about 5 deep in a result file
 * (rFactorXML > RaceResults > Race > Driver > Lap), so deeper nesting is refused before a parser's
 * stack meets it. The scan keeps a counter, never a stack: its cost is one look at each character,
 * whatever the depth.
 */

export const MAX_XML_DEPTH = 32
/** The longest entity value read; the games' one is 14 characters. */
export const MAX_ENTITY_LENGTH = 1_000
/** The most entities one document type may declare; the games declare one. */
export const MAX_ENTITIES = 16
/** The most text all references to declared entities may add to the document. */
export const MAX_ENTITY_EXPANSION = 100_000

const lineAt = (text: string, index: number) => {
  let line = 1
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++
  return line
}

const refuse = (text: string, at: number, what: string) =>
  new ResultFileError(`The XML file's document type (<!DOCTYPE>, line ${lineAt(text, at)}) ${what}`)

const onlyPlainEntities =
  'result files declare only plain text entities such as <!ENTITY rFEnt "rFactor Entity">, so nothing was imported.'

/** The XML Name production, simplified to what a result file could use. */
const namePattern = /^[A-Za-z_:][\w.:-]*/

/**
 * A document type declaration starting at `start` ('<!DOCTYPE'): its declared entities, and the
 * index after its closing '>'. Throws, in words, for anything but plain text general entities.
 */
function readDoctype(text: string, start: number): { entities: Map<string, string>; end: number } {
  const entities = new Map<string, string>()
  let i = start + '<!DOCTYPE'.length
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++
  }
  skipSpace()
  const name = namePattern.exec(text.slice(i, i + 200))
  if (!name) throw refuse(text, start, 'names no root element: it is not a result file, so nothing was imported.')
  i += name[0].length
  skipSpace()
  if (text.startsWith('SYSTEM', i) || text.startsWith('PUBLIC', i)) {
    throw refuse(text, start, `refers to a document outside the file (an external DTD): ${onlyPlainEntities}`)
  }
  if (text[i] === '[') {
    i++
    for (;;) {
      skipSpace()
      if (i >= text.length) throw refuse(text, start, 'is not closed: was the file cut short?')
      if (text[i] === ']') {
        i++
        break
      }
      if (text.startsWith('<!--', i)) {
        const close = text.indexOf('-->', i + 4)
        if (close === -1) throw refuse(text, start, 'is not closed: was the file cut short?')
        i = close + 3
        continue
      }
      if (!text.startsWith('<!ENTITY', i)) {
        const declared = /^<!?[A-Za-z]*/.exec(text.slice(i, i + 20))?.[0] ?? text[i]
        throw refuse(text, i, `declares ${declared}: ${onlyPlainEntities}`)
      }
      const at = i
      i += '<!ENTITY'.length
      skipSpace()
      if (text[i] === '%') {
        throw refuse(text, at, `declares a parameter entity (<!ENTITY %): ${onlyPlainEntities}`)
      }
      const entity = namePattern.exec(text.slice(i, i + 200))
      if (!entity) throw refuse(text, at, `declares an entity without a name: ${onlyPlainEntities}`)
      i += entity[0].length
      skipSpace()
      if (text.startsWith('SYSTEM', i) || text.startsWith('PUBLIC', i)) {
        throw refuse(
          text,
          at,
          `declares an external entity (<!ENTITY ${entity[0]} ${text.slice(i, i + 6)} ...), which would read a file or an address: ${onlyPlainEntities}`,
        )
      }
      const quote = text[i]
      if (quote !== '"' && quote !== "'") {
        throw refuse(text, at, `declares the entity ${entity[0]} without a quoted value: ${onlyPlainEntities}`)
      }
      const close = text.indexOf(quote, i + 1)
      if (close === -1) throw refuse(text, at, 'is not closed: was the file cut short?')
      const value = text.slice(i + 1, close)
      if (value.length > MAX_ENTITY_LENGTH) {
        throw refuse(
          text,
          at,
          `declares the entity ${entity[0]} of ${value.length.toLocaleString('en-US')} characters: result files declare short plain text entities (at most ${MAX_ENTITY_LENGTH.toLocaleString('en-US')}), so nothing was imported.`,
        )
      }
      if (/[&%<]/.test(value)) {
        throw refuse(
          text,
          at,
          `declares the entity ${entity[0]} built of other entities or markup: ${onlyPlainEntities}`,
        )
      }
      i = close + 1
      skipSpace()
      if (text[i] !== '>')
        throw refuse(text, at, `declares the entity ${entity[0]} with more than a value: ${onlyPlainEntities}`)
      i++
      if (!entities.has(entity[0])) entities.set(entity[0], value)
      if (entities.size > MAX_ENTITIES) {
        throw refuse(
          text,
          at,
          `declares more than ${MAX_ENTITIES} entities: result files declare one, so nothing was imported.`,
        )
      }
    }
    skipSpace()
  }
  if (text[i] !== '>') throw refuse(text, start, 'is not closed: was the file cut short?')
  return { entities, end: i + 1 }
}

export interface GuardedXml {
  /** Where the root element ends (the index after its closing tag's '>'), or undefined when it does not. */
  rootEnd: number | undefined
  /** The document type, where there is one: its place in the text and the plain text entities it declares. */
  doctype?: { start: number; end: number; entities: Map<string, string> }
}

/**
 * Throws a ResultFileError for a document type other than plain text entities, or nesting deeper
 * than MAX_XML_DEPTH. Anything else malformed (an unclosed comment, a tag cut short) is left to the
 * validator, which says where. What follows the root element is not the document (rFactor 2
 * sometimes writes a stray byte there) and is not looked at.
 */
export function guardXml(text: string): GuardedXml {
  let depth = 0
  let doctype: GuardedXml['doctype']
  let seenRoot = false
  let i = text.indexOf('<')
  while (i !== -1) {
    let end: number
    if (text.startsWith('<!--', i)) {
      end = text.indexOf('-->', i + 4)
      if (end !== -1) end += 2
    } else if (text.startsWith('<![CDATA[', i)) {
      end = text.indexOf(']]>', i + 9)
      if (end !== -1) end += 2
    } else if (text.startsWith('<!DOCTYPE', i) && !seenRoot && !doctype) {
      const read = readDoctype(text, i)
      doctype = { start: i, end: read.end, entities: read.entities }
      end = read.end - 1
    } else if (text[i + 1] === '!') {
      throw refuse(text, i, `is not where it may be, or is declared twice: ${onlyPlainEntities}`)
    } else if (text[i + 1] === '?') {
      end = text.indexOf('?>', i + 2)
      if (end !== -1) end += 1
    } else if (text[i + 1] === '/') {
      depth--
      end = text.indexOf('>', i + 2)
      if (depth === 0 && end !== -1) return { rootEnd: end + 1, doctype }
    } else {
      seenRoot = true
      // A start tag ends at the first '>' outside quotes (an attribute value may hold '>').
      let quote = ''
      for (end = i + 1; end < text.length; end++) {
        const ch = text[end]
        if (quote) {
          if (ch === quote) quote = ''
        } else if (ch === '"' || ch === "'") quote = ch
        else if (ch === '>') break
      }
      if (end >= text.length) return { rootEnd: undefined, doctype }
      if (text[end - 1] !== '/' && ++depth > MAX_XML_DEPTH) {
        throw new ResultFileError(
          `The XML file nests its elements more than ${MAX_XML_DEPTH} deep (line ${lineAt(text, i)}): LMU / rFactor 2 result files nest about 5 deep.`,
        )
      }
    }
    if (end === -1) return { rootEnd: undefined, doctype }
    i = text.indexOf('<', end + 1)
  }
  return { rootEnd: undefined, doctype }
}

const escapeXmlText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The document with its document type taken out and each reference to a declared entity replaced
 * by its value (escaped: the value is text), refusing an expansion beyond MAX_ENTITY_EXPANSION.
 * The parser then meets no document type at all.
 */
export function withoutDoctype(text: string, doctype: NonNullable<GuardedXml['doctype']>): string {
  const body = text.slice(0, doctype.start) + text.slice(doctype.end)
  if (doctype.entities.size === 0) return body
  let added = 0
  return body.replace(/&([A-Za-z_:][\w.:-]*);/g, (reference, name: string) => {
    const value = doctype.entities.get(name)
    if (value === undefined) return reference
    added += value.length
    if (added > MAX_ENTITY_EXPANSION) {
      throw refuse(
        text,
        doctype.start,
        `declares entities that the file uses to add more than ${MAX_ENTITY_EXPANSION.toLocaleString('en-US')} characters: result files use their entity rarely if ever, so nothing was imported.`,
      )
    }
    return escapeXmlText(value)
  })
}
