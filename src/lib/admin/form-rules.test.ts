import { describe, expect, it } from 'vitest'
import {
  canAutoFormat,
  newsProblem,
  overlayValue,
  passwordProblem,
  plainTextOfParagraphs,
  preview,
} from './form-rules.ts'

describe('admin form rules (spec 001 section 5)', () => {
  it('needs news title, content and author', () => {
    expect(newsProblem({ title: 'T', content: 'C', author: '' })).toEqual({
      title: 'Missing Information',
      description: 'Please fill in the title, content and author.',
    })
    expect(newsProblem({ title: 'T', content: 'C', author: 'A' })).toBeNull()
  })

  it('checks password changes in the spec order', () => {
    expect(passwordProblem({ currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' })?.title).toBe(
      'All Fields Required',
    )
    expect(passwordProblem({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abd' })).toEqual({
      title: "Passwords Don't Match",
      description: 'New password and confirmation must match',
    })
    expect(passwordProblem({ currentPassword: 'x', newPassword: 'abcde', confirmPassword: 'abcde' })).toEqual({
      title: 'Password Too Short',
      description: 'New password must be at least 6 characters long',
    })
    expect(passwordProblem({ currentPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBeNull()
  })

  it('allows auto-format only for content without markup', () => {
    expect(canAutoFormat('')).toBe(false)
    expect(canAutoFormat('Plain text')).toBe(true)
    expect(canAutoFormat('<p>Marked up</p>')).toBe(false)
    expect(canAutoFormat('a > b')).toBe(false)
  })
  it("the visual editor's bare paragraphs are plain text to auto-format; any other markup is not", () => {
    expect(plainTextOfParagraphs('<p>Rain in Spa</p><p></p><p>Red flag &amp; restart</p>')).toBe(
      'Rain in Spa\n\nRed flag & restart',
    )
    expect(canAutoFormat(plainTextOfParagraphs('<p>Rain in Spa</p>')!)).toBe(true)
    // A '<' typed as text is still angle-bracket markup to the spec's rule.
    expect(canAutoFormat(plainTextOfParagraphs('<p>a &lt; b</p>')!)).toBe(false)
    expect(plainTextOfParagraphs('<h2>Title</h2><p>Body</p>')).toBeNull()
    expect(plainTextOfParagraphs('<p>Some <strong>bold</strong></p>')).toBeNull()
    expect(plainTextOfParagraphs('Plain text typed in the HTML view')).toBeNull()
    expect(plainTextOfParagraphs('')).toBeNull()
  })

  it('previews 100 characters', () => {
    expect(preview('x'.repeat(100))).toBe('x'.repeat(100))
    expect(preview('x'.repeat(101))).toBe(`${'x'.repeat(100)}...`)
  })

  it('keeps the overlay between 0 and 80 in steps of 5', () => {
    expect(overlayValue.parse('42')).toBe(40)
    expect(overlayValue.parse(95)).toBe(80)
    expect(overlayValue.parse(-3)).toBe(0)
    expect(overlayValue.parse('abc')).toBe(0)
  })
})
