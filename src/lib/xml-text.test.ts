import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stripXmlIllegal } from './xml-text.ts'

/** The XML 1.0 Char production, code point by code point. */
const xmlChar = (cp: number) =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  (cp >= 0x10000 && cp <= 0x10ffff)

describe('stripXmlIllegal', () => {
  it('drops control characters and keeps tab, newlines, accents and emoji', () => {
    expect(stripXmlIllegal('Le\u0001 Mans\u0008 24h\t\n\r – Spa 🏁\uFFFF')).toBe('Le Mans 24h\t\n\r – Spa 🏁')
  })

  it('drops lone surrogates and keeps pairs', () => {
    expect(stripXmlIllegal('a\uD800b\uDC00c\uD83C\uDFC1')).toBe('abc\uD83C\uDFC1')
  })

  it('leaves only XML characters, and changes text that has none to drop', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const out = stripXmlIllegal(text)
        expect([...out].every((ch) => xmlChar(ch.codePointAt(0)!))).toBe(true)
        if ([...text].every((ch) => xmlChar(ch.codePointAt(0)!))) expect(out).toBe(text)
      }),
      { numRuns: 2000 },
    )
  })
})
