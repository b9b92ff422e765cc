import type { Editor } from '@tiptap/react'
import { useState, type FormEvent } from 'react'
import { isAllowedHref } from '../../../../lib/article-markup.ts'
import { TextField } from '../../../ui/text-field.tsx'
import { EditorDialog } from './editor-dialog.tsx'

const badAddress = 'Please enter a web address (https://...), an email (mailto:...) or a path on this site (/...).'

/** 'www.fia.com' is meant as a web address: it gets https://. */
const completed = (value: string) => {
  const v = value.trim()
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+([/?#].*)?$/i.test(v) ? `https://${v}` : v
}

/** Sets, changes or removes the link on the selected text (or inserts the address as a link). */
export function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  return (
    <EditorDialog
      editor={editor}
      open={open}
      onClose={onClose}
      title="Link"
      description="Outside links open in a new tab on the site."
    >
      <LinkForm editor={editor} onClose={onClose} />
    </EditorDialog>
  )
}

/** Mounted each time the dialog opens: it starts from the link under the cursor. */
function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '')
  const [error, setError] = useState('')
  const linked = editor.isActive('link')

  const apply = (event: FormEvent) => {
    event.preventDefault()
    // The dialog is a portal: in React's tree its submit would bubble on to the news form's.
    event.stopPropagation()
    const address = completed(href)
    if (!isAllowedHref(address)) return setError(badAddress)
    const chain = editor.chain().focus().extendMarkRange('link')
    if (editor.state.selection.empty && !linked)
      chain.insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] }).run()
    else chain.setLink({ href: address }).run()
    onClose()
  }
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run()
    onClose()
  }

  return (
    <form onSubmit={apply} className="flex flex-col gap-4" noValidate>
      <TextField label="Link address" type="url" value={href} onChange={setHref} autoFocus />
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-outline" onClick={onClose}>
          Cancel
        </button>
        {linked && (
          <button type="button" className="btn-outline" onClick={remove}>
            Remove link
          </button>
        )}
        <button type="submit" className="btn-primary">
          Apply link
        </button>
      </div>
    </form>
  )
}
