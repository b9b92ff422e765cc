import { EditorContent, useEditor } from '@tiptap/react'
import { memo, useEffect, useMemo, useRef } from 'react'
import { articleExtensions } from '../../../../lib/article-editor-schema.ts'
import { EditorToolbar } from './editor-toolbar.tsx'

export interface ArticleEditorProps {
  /** The article's HTML ('' for none). */
  value: string
  onChange: (html: string) => void
  /** The id of the visible label ('Content'). */
  labelId: string
}

/**
 * The visual article editor (Tiptap; decision 0510), its own chunk loaded when the form opens. It
 * writes only what the article sanitizer keeps (src/lib/article-editor-schema.ts), and renders the
 * text with the public page's article styles. It re-renders on no keystroke: the toolbar reads the
 * editor's state by itself, and the form gets the HTML through onChange.
 */
const ArticleEditor = memo(function ArticleEditor({ value, onChange, labelId }: ArticleEditorProps) {
  const emitted = useRef(value)
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  }, [onChange])
  const editor = useEditor({
    extensions: articleExtensions,
    content: value,
    immediatelyRender: true,
    // Its rules are in src/styles/admin.css: a <style> element added at run time is refused by the
    // page's Content-Security-Policy (decision 0101), and the editor then lacked white-space: pre-wrap.
    injectCSS: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class:
          'article-body min-h-64 max-w-none rounded-b-lg border border-t-0 border-line bg-panel px-4 py-3 focus:outline-2 focus:outline-gray-300',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML()
      emitted.current = html
      onChangeRef.current(html)
    },
  })
  // Content replaced from outside (Auto-format, the HTML view): loaded without an update of its own.
  useEffect(() => {
    if (value === emitted.current) return
    emitted.current = value
    editor.commands.setContent(value, { emitUpdate: false })
  }, [value, editor])

  // Each keystroke brings a new value back here: the toolbar and the text need no render for it.
  return useMemo(
    () => (
      <div className="min-w-0">
        <EditorToolbar editor={editor} />
        <EditorContent editor={editor} />
      </div>
    ),
    [editor],
  )
})

export default ArticleEditor
