// @vitest-environment happy-dom
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sanitizeArticleHtml } from './sanitize-article.ts'
import { sanitizeArticleHtmlInBrowser } from './sanitize-article-dom.ts'

/**
 * HTML as the browser parses and serializes it: the sanitizers' outputs are compared as markup, not
 * as text, and their input is given well-formed (sanitize-html's parser nests a p in a p where a
 * browser closes the first: a difference of parsers, not of what is kept).
 */
function normalized(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.innerHTML
}

const hostile = [
  '<p>Safe words.</p><img src="/media/a.webp" onerror="alert(1)">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/"><p>After</p>',
  '<iframe srcdoc="<script>alert(2)</script>"></iframe><p>After</p>',
  '<a href="javascript:alert(3)">click</a> <a href="jav&#x09;ascript:alert(4)">tab</a>',
  '<a href="//evil.example/">protocol-relative</a><img src="data:image/png;base64,AAAA">',
  '<svg><script>alert(5)</script></svg><math><mi xlink:href="javascript:alert(6)">x</mi></math>',
  '<div style="background:url(javascript:alert(7))" onclick="alert(8)">styled</div>',
  '<form action="https://evil.example/"><input name="x"><button formaction="javascript:alert(9)">go</button></form>',
  '<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css"><p>x</p>',
  '<template><img src=x onerror=alert(10)></template><noscript><img src=x onerror=alert(11)></noscript>',
  '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
  '<h1 onmouseover="alert(12)">Title</h1><!-- <img src=x onerror=alert(13)> -->',
]

describe('the article allow-list in the browser (the admin Preview)', () => {
  it('keeps no script, event handler, refresh, frame or unsafe URL of hostile articles', () => {
    for (const html of hostile) {
      const clean = sanitizeArticleHtmlInBrowser(html)
      expect(clean, html).not.toMatch(
        /onerror|onclick|onmouseover|http-equiv|<meta|<iframe|srcdoc|<script|javascript:|<svg|<math|<form|<base|<link|<object|<embed|<template|style=|data:|\/\/evil/i,
      )
    }
  })

  it('keeps what sanitize-html keeps: the same markup for hostile articles and the ones the editor writes', () => {
    const written = [
      '<h2>Rain at Spa</h2><p><strong>Bold</strong>, <em>italic</em>, <a href="https://www.fia.com/news">the FIA</a>, <a href="/standings">ours</a>, <a href="mailto:desk@example.com">mail</a> &amp; &lt;more&gt;</p>',
      '<ul><li>One</li><li>Two</li></ul><ol start="3" reversed=""><li>Three</li></ol><blockquote><p>Quote</p></blockquote><hr>',
      '<figure><img src="/media/abc.webp" alt="Cars" width="640" height="360"><figcaption>Caption</figcaption></figure>',
      '<table><thead><tr><th scope="col" colspan="2">Driver</th></tr></thead><tbody><tr><td rowspan="1">Max</td><td>1</td></tr></tbody></table>',
    ]
    for (const html of [...written, ...hostile]) {
      expect(normalized(sanitizeArticleHtmlInBrowser(html)), html).toBe(normalized(sanitizeArticleHtml(html)))
    }
  })

  it('equals sanitize-html on generated fragments of allowed, dropped and unknown tags and attributes', () => {
    const tags = [
      'p',
      'h1',
      'h2',
      'strong',
      'em',
      'a',
      'span',
      'div',
      'blockquote',
      'font',
      'section',
      'iframe',
      'script',
      'style',
      'meta',
      'object',
    ]
    const urls = [
      'https://x.example/a',
      '/media/a.webp',
      '#top',
      'mailto:a@b.c',
      'javascript:alert(1)',
      ' java\tscript:x',
      '//evil.example',
      'data:text/html,x',
      'x',
    ]
    const attribute = fc.oneof(
      fc.constantFrom('title="t"', 'onclick="alert(1)"', 'style="color:red"', 'class="c"', 'target="_self"', 'rel="x"'),
      fc.constantFrom(...urls).map((url) => `href="${url}"`),
    )
    const text = fc.constantFrom('words', 'a &amp; b', '1 &lt; 2', ' ', 'x"y')
    const node: fc.Memo<string> = fc.memo((depth) =>
      depth <= 1
        ? fc.oneof(
            text,
            fc.constantFrom(...urls).map((url) => `<img src="${url}" alt="a" onerror="alert(2)">`),
          )
        : fc.oneof(
            text,
            fc
              .tuple(
                fc.constantFrom(...tags),
                fc.array(attribute, { maxLength: 3 }),
                fc.array(node(depth - 1), { maxLength: 3 }),
              )
              .map(([tag, attrs, children]) => `<${tag} ${attrs.join(' ')}>${children.join('')}</${tag}>`),
          ),
    )
    fc.assert(
      fc.property(fc.array(node(4), { maxLength: 4 }), (parts) => {
        const html = normalized(parts.join(''))
        expect(normalized(sanitizeArticleHtmlInBrowser(html))).toBe(normalized(sanitizeArticleHtml(html)))
      }),
      { numRuns: 300 },
    )
  })
})
