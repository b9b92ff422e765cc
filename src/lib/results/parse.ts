import { looksLikeAcc, parseAcc } from './acc.ts'
import { classifySession } from './classify.ts'
import { decodeResultFile, ResultFileError } from './decode.ts'
import { looksLikeXml, parseLmu } from './lmu.ts'
import type { ParsedSession } from './types.ts'

export { ResultFileError } from './decode.ts'

export const foreignFileMessage =
  'This file is not an ACC result file (JSON) or an LMU / rFactor 2 result file (XML), so nothing was imported.'

/**
 * Any result file this site reads: the bytes are decoded (UTF-8 or UTF-16, docs/decisions/0421;
 * XML's stray Windows-1252 bytes, 0424), then read as ACC JSON or LMU / rFactor 2 XML by their first
 * character, then classified by the rules every session follows (classify.ts). Whatever cannot be
 * read is a ResultFileError whose message says what is wrong.
 */
export function parseResultFile(bytes: Uint8Array, options: { fileName?: string; now: Date }): ParsedSession {
  return classifySession(readSession(bytes, options))
}

function readSession(bytes: Uint8Array, options: { fileName?: string; now: Date }): ParsedSession {
  const decoded = decodeResultFile(bytes)
  const text = decoded.text
  if (looksLikeXml(text)) return parseLmu(decoded, options)
  if (!/^\s*[{[]/.test(text)) throw new ResultFileError(foreignFileMessage)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ResultFileError(`The JSON file is damaged or incomplete (${reason}). Was it cut short?`)
  }
  if (!looksLikeAcc(json)) {
    throw new ResultFileError('This JSON file is not an ACC result file: it has no sessionResult.')
  }
  return parseAcc(json, options)
}
