import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { describeSchemaIssue, refusedAnswerMessage } from './ai-output-words.ts'

const firstIssue = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]

const article = z.object({ title: z.string().min(5), content: z.string() })
const table = z.object({ standings: z.array(z.object({ points: z.number() })).min(1) })

describe('refused AI answers in words', () => {
  it('names the missing field, the wrong kind and the row, never the parser', () => {
    expect(describeSchemaIssue(firstIssue(article, { content: 'x' }))).toBe('the title is missing')
    expect(describeSchemaIssue(firstIssue(article, { title: 'abc', content: 'x' }))).toBe(
      'the title is too short or too small',
    )
    expect(describeSchemaIssue(firstIssue(table, { standings: [{ points: 1 }, { points: 'ten' }] }))).toBe(
      'the points of row 2 of the standings is not a number',
    )
    expect(describeSchemaIssue(firstIssue(table, { standings: [] }))).toBe('the standings has too few entries')
    expect(describeSchemaIssue(firstIssue(article, 'text'))).toBe('the answer is not an object')
    expect(describeSchemaIssue(undefined)).toBe('the answer does not have the expected fields')
  })

  it('says what happened and that nothing was saved', () => {
    expect(refusedAnswerMessage('Perplexity', 'unreadable', 'not valid JSON')).toBe(
      'The AI service (Perplexity) answered in a form we could not read (not valid JSON); nothing was saved. Please try again.',
    )
    expect(refusedAnswerMessage('OpenAI', 'failed-check', 'the image is not valid base64')).toMatch(
      /failed our checks \(the image is not valid base64\); nothing was saved\.$/,
    )
  })
})
