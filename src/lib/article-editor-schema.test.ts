// @vitest-environment happy-dom
import { Editor, type JSONContent } from '@tiptap/core'
import { afterEach, describe, expect, it } from 'vitest'
import { articleExtensions } from './article-editor-schema.ts'
import { isAllowedHref, isAllowedImageSrc, unsupportedTag } from './article-markup.ts'
import { sanitizeArticleHtml } from './sanitize-article.ts'

const text = (value: string, marks: JSONContent['marks'] = []): JSONContent => ({ type: 'text', text: value, marks })
const para = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content })
const item = (value: string): JSONContent => ({ type: 'listItem', content: [para(text(value))] })

/** Every node and mark the toolbar and the shortcuts can make. */
const everything: JSONContent = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('Rain at Spa')] },
    para(
      text('Bold', [{ type: 'bold' }]),
      text(' and '),
      text('italic', [{ type: 'italic' }]),
      text(' and '),
      text('underlined', [{ type: 'underline' }]),
      text(', '),
      text('struck', [{ type: 'strike' }]),
      text(', '),
      text('code', [{ type: 'code' }]),
      { type: 'hardBreak' },
      text('the FIA', [{ type: 'link', attrs: { href: 'https://www.fia.com/news' } }]),
      text(', '),
      text('our standings', [{ type: 'link', attrs: { href: '/standings' } }]),
      text(', '),
      text('mail', [{ type: 'link', attrs: { href: 'mailto:desk@example.com' } }]),
      text(' & <more>'),
    ),
    { type: 'heading', attrs: { level: 3 }, content: [text('Results')] },
    { type: 'bulletList', content: [item('Verstappen'), item('Norris')] },
    { type: 'orderedList', attrs: { start: 1 }, content: [item('First'), item('Second')] },
    { type: 'blockquote', content: [para(text('It was chaos.'))] },
    { type: 'horizontalRule' },
    { type: 'image', attrs: { src: '/media/abc123.webp', alt: 'Cars in the rain' } },
    para(text('The end.')),
  ],
}

/** sanitize-html closes void elements XML-style ('<br />'); the browser's serializer does not. */
const voidsOpen = (html: string) => html.replace(/<(br|hr|img)([^>]*?)\s*\/>/g, '<$1$2>')

let editor: Editor | undefined
afterEach(() => editor?.destroy())

describe('the article editor writes only what the article sanitizer keeps', () => {
  it('every node and mark survives the sanitizer unchanged, and reads back as the same document', () => {
    editor = new Editor({ extensions: articleExtensions, content: everything })
    const html = editor.getHTML()
    for (const tag of [
      '<h2>',
      '<strong>',
      '<em>',
      '<u>',
      '<s>',
      '<code>',
      '<br>',
      '<ul>',
      '<ol>',
      '<blockquote>',
      '<hr>',
    ])
      expect(html).toContain(tag)
    expect(html).toContain('<a href="https://www.fia.com/news" rel="noopener noreferrer nofollow" target="_blank">')
    expect(html).toContain('<a href="/standings">')
    expect(html).toContain('<img loading="lazy" decoding="async" src="/media/abc123.webp" alt="Cars in the rain">')

    const stored = sanitizeArticleHtml(html)
    expect(voidsOpen(stored)).toBe(html)
    editor.commands.setContent(stored)
    expect(editor.getJSON()).toEqual(editor.schema.nodeFromJSON(everything).toJSON())
  })

  it('pasted HTML loses what the sanitizer would drop: scripts, frames, styles, events, unsafe links and data images', () => {
    editor = new Editor({ extensions: articleExtensions })
    editor.commands.setContent(
      '<h1 class="big" style="color:red">Title</h1><p onclick="steal()">Hi <a href="javascript:alert(1)">x</a>' +
        ' <a href="//evil.example/x">y</a></p><script>alert(1)</script>' +
        '<iframe title="video"></iframe><img src="data:image/png;base64,AAAA" alt="d">' +
        '<pre><code class="language-js">let a</code></pre>',
    )
    const html = editor.getHTML()
    for (const banned of ['class=', 'style=', 'onclick', 'javascript:', '//evil', '<script', '<iframe', 'data:', '<h1'])
      expect(html).not.toContain(banned)
    expect(voidsOpen(sanitizeArticleHtml(html))).toBe(html)
  })

  it('a character typed right after a new link stays outside it, and an address typed in full still becomes a link', () => {
    editor = new Editor({ extensions: articleExtensions, content: '<p>Read the FIA news</p>' })
    const end = editor.state.doc.content.size - 1
    editor
      .chain()
      .setTextSelection({ from: end - 'FIA news'.length, to: end })
      .setLink({ href: 'https://www.fia.com/news' })
      .run()
    editor.commands.setTextSelection(end)
    editor.view.dispatch(editor.state.tr.insertText('.'))
    expect(editor.getHTML()).toBe(
      '<p>Read the <a href="https://www.fia.com/news" rel="noopener noreferrer nofollow" target="_blank">FIA news</a>.</p>',
    )

    editor.commands.setContent('<p>See</p>')
    for (const char of ' https://www.fia.com ') {
      editor.commands.setTextSelection(editor.state.doc.content.size - 1)
      editor.view.dispatch(editor.state.tr.insertText(char))
    }
    expect(editor.getHTML()).toContain('<a href="https://www.fia.com"')
  })

  it('link and image addresses follow the sanitizer', () => {
    expect(isAllowedHref('https://example.com')).toBe(true)
    expect(isAllowedHref('mailto:a@b.c')).toBe(true)
    expect(isAllowedHref('/news/1')).toBe(true)
    expect(isAllowedHref('javascript:alert(1)')).toBe(false)
    expect(isAllowedHref('//evil.example')).toBe(false)
    expect(isAllowedHref('ftp://x')).toBe(false)
    expect(isAllowedImageSrc('/media/a.webp')).toBe(true)
    expect(isAllowedImageSrc('https://cdn.example/a.jpg')).toBe(true)
    expect(isAllowedImageSrc('data:image/png;base64,AA')).toBe(false)
    expect(isAllowedImageSrc('mailto:x')).toBe(false)
  })

  it('names the first tag the visual editor would drop, so such an article opens in the HTML view', () => {
    expect(unsupportedTag('<h2>A</h2><p><b>B</b> <a href="/x">c</a></p><ul><li>d</li></ul><img src="/e">')).toBeNull()
    expect(unsupportedTag('<p>Results</p><table><tr><td>1</td></tr></table>')).toBe('table')
    expect(unsupportedTag('<figure><img src="/a"><figcaption>x</figcaption></figure>')).toBe('figure')
    expect(unsupportedTag('Plain text')).toBeNull()
  })
})
