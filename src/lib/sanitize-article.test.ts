import { describe, expect, it } from 'vitest'
import { sanitizeArticleHtml } from './sanitize-article.ts'

const clean = sanitizeArticleHtml

describe('sanitizeArticleHtml', () => {
  it('keeps the markup of a normal article', () => {
    const html =
      '<h2>Title</h2><p>Text with <strong>bold</strong> and <em>italic</em>.</p><ul><li>one</li></ul><blockquote>quote</blockquote>'
    expect(clean(html)).toBe(html)
  })

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" loading="lazy" decoding="async" />'],
    ['<svg onload="alert(1)"><circle/></svg>', ''],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<p onclick="alert(1)" style="color:red">hi</p>', '<p>hi</p>'],
    ['<style>body{display:none}</style>', ''],
    ['<object data="x"></object><embed src="x">', ''],
    ['<form action="https://evil.example"><input name="p"></form>', ''],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">', ''],
    ['<base href="https://evil.example/">', ''],
  ])('drops %s', (input, expected) => {
    expect(clean(input)).toBe(expected)
  })

  it.each([
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
  ])('removes dangerous link targets: %s', (input) => {
    expect(clean(input)).toBe('<a>x</a>')
  })

  it('refuses data: and javascript: image sources', () => {
    expect(clean('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).not.toContain('data:')
    expect(clean('<img src="javascript:alert(1)">')).not.toContain('javascript')
  })

  it('escapes text that only looks like markup', () => {
    expect(clean('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')
  })

  it('survives broken nesting and comments', () => {
    expect(clean('<p>a<!-- <script>alert(1)</script> --></p><scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i)
  })

  it('opens outside links in a new tab without giving them the page', () => {
    expect(clean('<a href="https://www.iracing.com">iRacing</a>')).toBe(
      '<a href="https://www.iracing.com" rel="noopener noreferrer nofollow" target="_blank">iRacing</a>',
    )
  })

  it('turns a level 1 heading into level 2 (the page has its own h1)', () => {
    expect(clean('<h1>Big</h1>')).toBe('<h2>Big</h2>')
  })
})
