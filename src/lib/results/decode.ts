/**
 * A result file's bytes as text. ACC's dedicated server writes its JSON in UTF-16LE (usually with
 * a byte order mark), rFactor 2 and Le Mans Ultimate write XML that declares UTF-8; owners also
 * re-save files in UTF-8 or UTF-16BE. The byte order mark decides; without one, zero bytes in every
 * other position mean UTF-16 (result files are mostly ASCII).
 *
 * rFactor 2 declares UTF-8 but writes the names typed in the game in Windows-1252 ('Gérard' as the
 * single byte 0xE9): XML is read as UTF-8 where its bytes are UTF-8 and as Windows-1252 where they
 * are not, and the reading says so (docs/decisions/0424).
 */

/** A file this site cannot read, with the words the owner is shown (a 400 `{ message }`). */
export class ResultFileError extends Error {}

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be'

export function detectEncoding(bytes: Uint8Array): { encoding: TextEncoding; bom: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bom: 3 }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bom: 2 }
  const sample = Math.min(bytes.length, 200)
  let evenZeros = 0
  let oddZeros = 0
  for (let i = 0; i < sample; i++) {
    if (bytes[i] !== 0) continue
    if (i % 2 === 0) evenZeros++
    else oddZeros++
  }
  const half = sample / 2
  if (sample >= 4 && oddZeros > half * 0.6 && evenZeros === 0) return { encoding: 'utf-16le', bom: 0 }
  if (sample >= 4 && evenZeros > half * 0.6 && oddZeros === 0) return { encoding: 'utf-16be', bom: 0 }
  return { encoding: 'utf-8', bom: 0 }
}

/** The text of a file, and where (as offsets in the text) bytes that were not UTF-8 were read as Windows-1252. */
export interface DecodedText {
  text: string
  windows1252At: number[]
}

const windows1252 = new TextDecoder('windows-1252')

/** How many bytes the UTF-8 sequence at `i` takes, or 0 when the bytes there are not UTF-8 (RFC 3629). */
function utf8SequenceAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i]!
  const cont = (k: number) => i + k < bytes.length && (bytes[i + k]! & 0xc0) === 0x80
  if (b >= 0xc2 && b <= 0xdf) return cont(1) ? 2 : 0
  if (b >= 0xe0 && b <= 0xef) {
    const second = bytes[i + 1] ?? 0
    // No overlong forms (E0 80..9F) and no surrogates (ED A0..BF).
    if ((b === 0xe0 && second < 0xa0) || (b === 0xed && second > 0x9f)) return 0
    return cont(1) && cont(2) ? 3 : 0
  }
  if (b >= 0xf0 && b <= 0xf4) {
    const second = bytes[i + 1] ?? 0
    if ((b === 0xf0 && second < 0x90) || (b === 0xf4 && second > 0x8f)) return 0
    return cont(1) && cont(2) && cont(3) ? 4 : 0
  }
  return 0
}

/**
 * UTF-8 where the bytes are UTF-8, Windows-1252 (WHATWG's mapping, as browsers read it) for each
 * byte that is not. Valid runs are decoded by the platform's decoder, so a file of a few stray
 * bytes costs one pass over it.
 */
export function decodeUtf8OrWindows1252(bytes: Uint8Array): DecodedText {
  const utf8 = new TextDecoder('utf-8')
  let text = ''
  const windows1252At: number[] = []
  let runStart = 0
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i]!
    if (b < 0x80) {
      i++
      continue
    }
    const length = utf8SequenceAt(bytes, i)
    if (length > 0) {
      i += length
      continue
    }
    text += utf8.decode(bytes.subarray(runStart, i))
    windows1252At.push(text.length)
    text += windows1252.decode(bytes.subarray(i, i + 1))
    i++
    runStart = i
  }
  text += utf8.decode(bytes.subarray(runStart))
  return { text, windows1252At }
}

/**
 * A file whose characters are UTF-16 but whose line breaks and indentation are single bytes: what an
 * editor leaves when it re-saves (reformats) a UTF-16 file as if it were UTF-8. No result file holds
 * a zero byte in UTF-8 text, so the first one says so, and where; undefined for any other text.
 */
export function reSavedMessage(text: string): string | undefined {
  const at = text.indexOf('\u0000')
  if (at === -1) return undefined
  const line = text.slice(0, at).split('\n').length
  return `The file mixes two encodings (line ${line}): its characters are UTF-16 but its line breaks and spaces are single bytes, as when an editor re-saves a UTF-16 file. Nothing was imported: upload the file as the game server wrote it (ACC: the server's results folder; LMU / rFactor 2: UserData/Log/Results), not a copy opened in an editor.`
}

const notTextMessage = (encoding: string) =>
  `The file is not text in ${encoding.toUpperCase()}: it is not an ACC result file (JSON) or an LMU / rFactor 2 result file (XML).`

/**
 * The text of a result file; a file that is not text in its encoding is refused in words, except
 * XML, whose bytes that are not UTF-8 are read as Windows-1252 (`windows1252At` says where).
 */
export function decodeResultFile(bytes: Uint8Array): DecodedText {
  if (bytes.length === 0) throw new ResultFileError('The file is empty.')
  const { encoding, bom } = detectEncoding(bytes)
  const body = bytes.subarray(bom)
  if (encoding !== 'utf-8' && body.length % 2 !== 0) {
    throw new ResultFileError(
      'The file is not complete: it is written in UTF-16 but ends in the middle of a character (was the upload cut short?).',
    )
  }
  try {
    return { text: new TextDecoder(encoding, { fatal: true }).decode(body), windows1252At: [] }
  } catch {
    // Only XML (its first character '<') is read the lenient way: anything else stays refused.
    const firstByte = body.find((b) => b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d)
    if (encoding === 'utf-8' && firstByte === 0x3c) return decodeUtf8OrWindows1252(body)
    throw new ResultFileError(notTextMessage(encoding))
  }
}
