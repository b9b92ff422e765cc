import { looksLikeAcc, parseAcc } from './acc.ts'
import { classifySession } from './classify.ts'
import { decodeResultFile, reSavedMessage, ResultFileError } from './decode.ts'
import { looksLikeXml, parseLmu } from './lmu.ts'
import type { ParsedSession } from './types.ts'

export { ResultFileError } from './decode.ts'

export const foreignFileMessage =
  'This file is not an ACC result file (JSON) or an LMU / rFactor 2 result file (XML), so nothing was imported.'

/**
 * A JSON file that does not parse: 'cut short' only when the damage is at its end (the parser ran
 * out of text); damage in the middle is said as damage, with where, not guessed at.
 */
function damagedJson(text: string, reason: string): ResultFileError {
  const position = Number(/at position (\d+)/.exec(reason)?.[1] ?? Number.NaN)
  const atEnd =
    /unexpected end|unterminated/i.test(reason) || (Number.isFinite(position) && position >= text.trimEnd().length - 1)
  if (atEnd) return new ResultFileError(`The JSON file is damaged or incomplete (${reason}). Was it cut short?`)
  return new ResultFileError(
    `The JSON file is damaged in the middle (${reason}): a character there is not JSON, so nothing was imported. Upload the file as the ACC server wrote it, from its results folder, not a copy changed by hand or by an editor.`,
  )
}

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
  const reSaved = reSavedMessage(text)
  if (reSaved) throw new ResultFileError(reSaved)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw damagedJson(text, error instanceof Error ? error.message : String(error))
  }
  if (!looksLikeAcc(json)) {
    throw new ResultFileError('This JSON file is not an ACC result file: it has no sessionResult.')
  }
  return parseAcc(json, options)
}
