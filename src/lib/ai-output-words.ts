/**
 * Why an AI answer was refused, in words the owner can read in a toast or the error log (never a
 * raw JSON parser or zod message):
 * - unreadable: the answer could not be read at all (not JSON, not the provider's format);
 * - incomplete: readable, but a field we asked for is missing or of the wrong kind;
 * - failed-check: complete, but it breaks one of the feature's rules (sources, word count, points).
 */
export type OutputProblem = 'unreadable' | 'incomplete' | 'failed-check'

/** The part of a zod issue we word (zod 4's issue shape, kept structural so the browser needs no zod). */
export interface SchemaIssue {
  code: string
  path: readonly PropertyKey[]
  message?: string
  expected?: string
  origin?: string
}

/** 'standings.3.points' reads as "the points of row 4 of the standings". */
function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the answer'
  const parts = path.map(String)
  const last = parts.at(-1)!
  const index = parts.findIndex((p) => /^\d+$/.test(p))
  if (index > 0 && index < parts.length - 1)
    return `the ${last} of row ${Number(parts[index]) + 1} of the ${parts[index - 1]}`
  if (/^\d+$/.test(last) && parts.length > 1) return `row ${Number(last) + 1} of the ${parts.at(-2)}`
  return `the ${last}`
}

const article = (kind: string) => (/^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`)

/** One schema issue as a short clause: "the title is missing", "the points of row 2 of the standings is not a number". */
export function describeSchemaIssue(issue: SchemaIssue | undefined): string {
  if (!issue) return 'the answer does not have the expected fields'
  const field = fieldName(issue.path)
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 leaves the input out of its issues; its message still says what arrived.
      if (/received (undefined|null)/.test(issue.message ?? '')) return `${field} is missing`
      return issue.expected ? `${field} is not ${article(issue.expected)}` : `${field} has the wrong type`
    case 'too_small':
      return issue.origin === 'array' ? `${field} has too few entries` : `${field} is too short or too small`
    case 'too_big':
      return issue.origin === 'array' ? `${field} has too many entries` : `${field} is too long or too large`
    default:
      return `${field} is not valid`
  }
}

/** The owner's sentence for a refused answer; `service` names the provider (Perplexity, OpenAI). */
export function refusedAnswerMessage(service: string, problem: OutputProblem, detail: string): string {
  switch (problem) {
    case 'unreadable':
      return `The AI service (${service}) answered in a form we could not read (${detail}); nothing was saved. Please try again.`
    case 'incomplete':
      return `The AI service (${service}) answered without what we asked for (${detail}); nothing was saved. Please try again.`
    case 'failed-check':
      return `The AI service (${service}) answered, but the answer failed our checks (${detail}); nothing was saved.`
  }
}
