import { useEditorState, type Editor } from '@tiptap/react'
import { useState, type ReactNode } from 'react'
import { ImageDialog } from './image-dialog.tsx'
import { LinkDialog } from './link-dialog.tsx'

interface ToolProps {
  label: string
  pressed?: boolean
  disabled?: boolean
  onClick: () => void
  children: ReactNode
}

/** One toolbar button: its name says what it does (the text shown is short), pressed when active. */
function Tool({ label, pressed, disabled, onClick, children }: ToolProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // A click keeps the focus (and the selection) in the text: typing goes on where it was.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`min-w-9 rounded px-2 py-1 text-sm font-semibold ${
        pressed ? 'bg-gray-200 text-ink' : 'text-gray-200 hover:bg-line'
      } disabled:opacity-40`}
    >
      {children}
    </button>
  )
}

/** The formatting buttons over the editor; it re-renders when what it shows changes, not per keystroke. */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  })
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null)
  const run = () => editor.chain().focus()

  return (
    <>
      <div
        role="group"
        aria-label="Formatting"
        className="flex flex-wrap gap-1 rounded-t-lg border border-line bg-ink/60 p-1.5"
      >
        <Tool label="Bold" pressed={state.bold} onClick={() => run().toggleBold().run()}>
          B
        </Tool>
        <Tool label="Italic" pressed={state.italic} onClick={() => run().toggleItalic().run()}>
          <span className="italic">I</span>
        </Tool>
        <Tool label="Heading 2" pressed={state.h2} onClick={() => run().toggleHeading({ level: 2 }).run()}>
          H2
        </Tool>
        <Tool label="Heading 3" pressed={state.h3} onClick={() => run().toggleHeading({ level: 3 }).run()}>
          H3
        </Tool>
        <Tool label="Bulleted list" pressed={state.bullets} onClick={() => run().toggleBulletList().run()}>
          • List
        </Tool>
        <Tool label="Numbered list" pressed={state.numbers} onClick={() => run().toggleOrderedList().run()}>
          1. List
        </Tool>
        <Tool label="Quote" pressed={state.quote} onClick={() => run().toggleBlockquote().run()}>
          “ ”
        </Tool>
        <Tool label="Link" pressed={state.link} onClick={() => setDialog('link')}>
          Link
        </Tool>
        <Tool label="Insert image" onClick={() => setDialog('image')}>
          Image
        </Tool>
        <Tool label="Undo" disabled={!state.undo} onClick={() => run().undo().run()}>
          ↶
        </Tool>
        <Tool label="Redo" disabled={!state.redo} onClick={() => run().redo().run()}>
          ↷
        </Tool>
      </div>
      <LinkDialog editor={editor} open={dialog === 'link'} onClose={() => setDialog(null)} />
      <ImageDialog editor={editor} open={dialog === 'image'} onClose={() => setDialog(null)} />
    </>
  )
}
