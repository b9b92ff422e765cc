import { useEffect, useId, useState } from 'react'
import { imageNameFromFile, uploadProblem } from '../../../lib/admin/upload-rules.ts'
import { TextField } from '../../ui/text-field.tsx'
import { TextareaField } from '../../ui/textarea-field.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { useUnsavedChanges } from '../shared/unsaved.ts'
import { useUploadImage } from '../shared/use-upload-image.ts'
import { useSaveToLibrary } from './use-image-library.ts'

/**
 * Upload by drag-drop or file pick, with a preview: the file is checked (image, at most 10 MB)
 * before anything is sent, goes up in chunks with a progress bar, then joins the library.
 */
export function UploadToLibrary() {
  const id = useId()
  const [file, setFile] = useState<File | null>(null)
  const [previewUrl, setPreviewUrl] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [category, setCategory] = useState('General')
  const [description, setDescription] = useState('')
  const [dragging, setDragging] = useState(false)
  const upload = useUploadImage()
  const save = useSaveToLibrary()
  const busy = upload.isPending || save.isPending
  useUnsavedChanges(file !== null)

  useEffect(() => {
    if (!file) return
    const url = URL.createObjectURL(file)
    setPreviewUrl(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  const choose = (picked: File | undefined) => {
    if (!picked) return
    const problem = uploadProblem(picked)
    if (problem) return notify.failure('Invalid file', problem)
    setFile(picked)
    setName(imageNameFromFile(picked.name))
  }
  const clear = () => {
    setFile(null)
    setPreviewUrl(null)
    setName('')
    setDescription('')
  }
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!file || busy) return
    try {
      const stored = await upload.mutateAsync(file)
      await save.mutateAsync({
        url: stored.url,
        name: name.trim() || 'Racing Image',
        category: category.trim().toLowerCase() || 'general',
        description,
        source: 'upload',
      })
      clear()
      notify.success('Image Added Successfully!', `${name.trim() || 'Racing Image'} is in the permanent library.`)
    } catch (error) {
      if (!isUnauthorized(error)) notify.failed('Error', 'Failed to save image', error)
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h3 id={`${id}-title`} className="text-xl font-bold text-white">
        Upload to Library
      </h3>
      <form onSubmit={submit} className="grid gap-4 md:grid-cols-2">
        <div
          onDragOver={(e) => {
            e.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault()
            setDragging(false)
            choose(e.dataTransfer.files[0])
          }}
          className={`flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center md:row-span-3 ${
            dragging ? 'border-brand bg-brand/10' : 'border-line'
          }`}
        >
          {previewUrl ? (
            <img src={previewUrl} alt="Preview of the chosen file" className="max-h-48 rounded object-contain" />
          ) : (
            <p className="text-gray-300">Drag and drop an image here (JPG, PNG or GIF, up to 10 MB)</p>
          )}
          <label htmlFor={`${id}-file`} className="btn-outline cursor-pointer">
            Choose a file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(e) => {
              choose(e.target.files?.[0])
              e.target.value = ''
            }}
          />
          {file && <p className="text-sm text-gray-300">{file.name}</p>}
        </div>
        <TextField label="Name" value={name} onChange={setName} />
        <TextField label="Category" value={category} onChange={setCategory} />
        <TextareaField label="Description" value={description} onChange={setDescription} rows={2} />
        {upload.isPending && (
          <progress max={100} value={upload.progress} aria-label="Upload progress" className="w-full md:col-span-2">
            {upload.progress}%
          </progress>
        )}
        <div className="flex gap-3 md:col-span-2">
          <button type="submit" className="btn-primary" disabled={!file || busy} aria-busy={busy}>
            {busy ? 'Uploading...' : 'Upload to Library'}
          </button>
          {file && (
            <button type="button" className="btn-outline" onClick={clear} disabled={busy}>
              Clear
            </button>
          )}
        </div>
      </form>
    </section>
  )
}
