import { ResultFileError } from './decode.ts'

/**
 * What an XML result file must not hold, checked in one pass before any parser sees it
 * (docs/decisions/0421). LMU and rFactor 2 write no document type, so a `<!DOCTYPE>` (where
 * entities are declared: external ones, huge ones, ones that expand into megabytes) is refused
 * rather than handed to the parser's entity limits. Their elements nest about 5 deep
 * (rFactorXML > RaceResults > Race > Driver > Lap), so deeper nesting is refused before a
 * parser's stack or its own limit meets it. The scan keeps a counter, never a stack: its cost is
 * one look at each character, whatever the depth.
 */

export const MAX_XML_DEPTH = 32

const lineAt = (text: string, index: number) => {
  let line = 1
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++
  return line
}

/**
 * Throws a ResultFileError for a declaration or nesting deeper than MAX_XML_DEPTH. Anything else
 * malformed (an unclosed comment, a tag cut short) is left to the validator, which says where.
 * Answers where the root element ends (the index after its closing tag's '>'), or undefined when
 * it does not: what follows it is not the document (rFactor 2 sometimes writes a stray byte there)
 * and is not looked at.
 */
export function guardXml(text: string): number | undefined {
  let depth = 0
  let i = text.indexOf('<')
  while (i !== -1) {
    let end: number
    if (text.startsWith('<!--', i)) {
      end = text.indexOf('-->', i + 4)
      if (end !== -1) end += 2
    } else if (text.startsWith('<![CDATA[', i)) {
      end = text.indexOf(']]>', i + 9)
      if (end !== -1) end += 2
    } else if (text[i + 1] === '!') {
      throw new ResultFileError(
        `The XML file declares a document type (<!DOCTYPE>, line ${lineAt(text, i)}): LMU / rFactor 2 result files never do, and its entities are not read.`,
      )
    } else if (text[i + 1] === '?') {
      end = text.indexOf('?>', i + 2)
      if (end !== -1) end += 1
    } else if (text[i + 1] === '/') {
      depth--
      end = text.indexOf('>', i + 2)
      if (depth === 0 && end !== -1) return end + 1
    } else {
      // A start tag ends at the first '>' outside quotes (an attribute value may hold '>').
      let quote = ''
      for (end = i + 1; end < text.length; end++) {
        const ch = text[end]
        if (quote) {
          if (ch === quote) quote = ''
        } else if (ch === '"' || ch === "'") quote = ch
        else if (ch === '>') break
      }
      if (end >= text.length) return undefined
      if (text[end - 1] !== '/' && ++depth > MAX_XML_DEPTH) {
        throw new ResultFileError(
          `The XML file nests its elements more than ${MAX_XML_DEPTH} deep (line ${lineAt(text, i)}): LMU / rFactor 2 result files nest about 5 deep.`,
        )
      }
    }
    if (end === -1) return undefined
    i = text.indexOf('<', end + 1)
  }
  return undefined
}
