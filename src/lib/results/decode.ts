/**
 * A result file's bytes as text. ACC's dedicated server writes its JSON in UTF-16LE (usually with
 * a byte order mark), rFactor 2 and Le Mans Ultimate write UTF-8 XML; owners also re-save files
 * in UTF-8 or UTF-16BE. The byte order mark decides; without one, zero bytes in every other
 * position mean UTF-16 (result files are mostly ASCII).
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

/** The text of a result file; a file that is not text in its encoding is refused in words. */
export function decodeResultFile(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new ResultFileError('The file is empty.')
  const { encoding, bom } = detectEncoding(bytes)
  const body = bytes.subarray(bom)
  if (encoding !== 'utf-8' && body.length % 2 !== 0) {
    throw new ResultFileError(
      'The file is not complete: it is written in UTF-16 but ends in the middle of a character (was the upload cut short?).',
    )
  }
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(body)
  } catch {
    throw new ResultFileError(
      `The file is not text in ${encoding.toUpperCase()}: it is not an ACC result file (JSON) or an LMU / rFactor 2 result file (XML).`,
    )
  }
}
