import { describe, expect, it } from 'vitest'
import { excerpt, excerptFromHtml, htmlToText } from './excerpt.ts'

describe('excerpt', () => {
  it('keeps the first 150 characters and appends an ellipsis', () => {
    const text = 'x'.repeat(200)
    expect(excerpt(text)).toBe(`${'x'.repeat(150)}...`)
  })
  it('appends the ellipsis to short texts too, as the spec says', () => {
    expect(excerpt('Short review.')).toBe('Short review....')
  })
  it('does not split a character made of two UTF-16 units', () => {
    const text = `${'a'.repeat(149)}🏁🏁`
    expect(excerpt(text)).toBe(`${'a'.repeat(149)}🏁...`)
  })
})

describe('excerptFromHtml', () => {
  it('uses the text, not the markup', () => {
    expect(excerptFromHtml('<p>Verstappen <strong>wins</strong> at Spa</p>')).toBe('Verstappen wins at Spa...')
  })
  it('drops scripts and decodes entities', () => {
    expect(htmlToText('<script>alert(1)</script><p>Fish &amp; chips&nbsp;&#33;</p>')).toBe('Fish & chips !')
  })
})
