import type { Editor } from '@tiptap/react'
import { useState, type FormEvent } from 'react'
import { isAllowedImageSrc } from '../../../../lib/article-markup.ts'
import { TextField } from '../../../ui/text-field.tsx'
import { ImageChooser } from '../../shared/image-chooser.tsx'
import { EditorDialog } from './editor-dialog.tsx'

/**
 * Inserts a picture into the article: chosen from the image library (or a URL, or an upload, which
 * lands in the library's storage), always with alt text for readers who cannot see it.
 */
export function ImageDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  return (
    <EditorDialog
      editor={editor}
      open={open}
      onClose={onClose}
      title="Insert image"
      description="Choose a picture and describe it: the alt text is read to people who cannot see it."
    >
      <ImageForm editor={editor} onClose={onClose} />
    </EditorDialog>
  )
}

/** Mounted each time the dialog opens: it starts empty. */
function ImageForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [src, setSrc] = useState('')
  const [alt, setAlt] = useState('')
  const ready = isAllowedImageSrc(src) && alt.trim() !== ''

  const insert = (event: FormEvent) => {
    event.preventDefault()
    // The dialog is a portal: in React's tree its submit would bubble on to the news form's.
    event.stopPropagation()
    if (!ready) return
    editor.chain().focus().setImage({ src, alt: alt.trim() }).run()
    onClose()
  }

  return (
    <form onSubmit={insert} className="flex flex-col gap-4" noValidate>
      <ImageChooser label="Picture" value={src} onChange={setSrc} />
      <TextField
        label="Alt text"
        value={alt}
        onChange={setAlt}
        hint="What the picture shows, in a sentence (required)."
      />
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={!ready}>
          Insert image
        </button>
      </div>
    </form>
  )
}
