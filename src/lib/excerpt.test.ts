import { describe, expect, it } from 'vitest'
import { excerpt, excerptFromHtml, htmlToText, wordExcerpt } from './excerpt.ts'

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
  it('reads a heading and the paragraph after it as two sentences (issue 25)', () => {
    const html = '<p>The rig is stiff.</p>\n<h2>Assembly</h2>\n<p>Assembly took about three hours.</p>'
    expect(htmlToText(html)).toBe('The rig is stiff. Assembly. Assembly took about three hours.')
    expect(excerptFromHtml('<h2>What to watch</h2><p>Rain is likely on Sunday.</p>')).toBe(
      'What to watch. Rain is likely on Sunday....',
    )
  })
  it('keeps list items apart, even with no white space between the tags', () => {
    expect(htmlToText('<h2>What is new</h2><ul><li>Tyre model</li><li>Rain spray</li></ul><p>More soon!</p>')).toBe(
      'What is new. Tyre model. Rain spray. More soon!',
    )
    expect(htmlToText('<table><tr><th>Driver</th><td>Points</td></tr></table>')).toBe('Driver. Points')
  })
  it('adds no full stop after punctuation, inside a block or after the last block', () => {
    expect(htmlToText('<h2>Why?</h2><p>Because: <em>grip</em></p><p>“Fast.”</p><p>End</p>')).toBe(
      'Why? Because: grip. “Fast.” End',
    )
    expect(htmlToText('<p>Line one<br>line two</p>')).toBe('Line one line two')
    expect(htmlToText('<p><strong>Le Mans Ultimate</strong>, v1.4<sup>*</sup></p>')).toBe('Le Mans Ultimate, v1.4*')
  })
  it('ignores empty blocks and never takes escaped markup for a block', () => {
    expect(htmlToText('<div><p></p><p> </p></div><p>&lt;p&gt;Only text</p>')).toBe('<p>Only text')
    expect(htmlToText('')).toBe('')
  })
})

describe('wordExcerpt (the digest, issue 45)', () => {
  it('cuts after a whole word, never inside one', () => {
    const text = 'The title was decided on the final lap, after a race of rivals battling for every tenth.'
    expect(wordExcerpt(text, 60)).toBe('The title was decided on the final lap, after a race of…')
    expect(wordExcerpt(text, 62)).toBe('The title was decided on the final lap, after a race of rivals…')
    expect(wordExcerpt(text, 200)).toBe(text)
    expect(wordExcerpt('Supercalifragilistic', 5)).toBe('Super…')
  })
})
