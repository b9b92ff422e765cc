import { Tabs } from 'radix-ui'
import { useId, useState } from 'react'
import { imageNameFromFile } from '../../../lib/admin/upload-rules.ts'
import { useImagePool } from '../images/use-image-pool.ts'
import { AdminImage } from './admin-image.tsx'
import { notify } from './toast.ts'
import { useUploadImage } from './use-upload-image.ts'

interface Props {
  label: string
  value: string
  onChange: (url: string) => void
}

const tabClass =
  'rounded-md px-3 py-1.5 text-sm font-semibold text-gray-300 data-[state=active]:bg-brand data-[state=active]:text-white'

/**
 * The reusable image chooser (spec 001): Image Library (a click applies at once), URL (applied
 * only with 'Use URL'), Upload (applied once stored in Blobs: our /media URL, never a data URL).
 */
export function ImageChooser({ label, value, onChange }: Props) {
  const id = useId()
  return (
    // min-w-0: a fieldset is at least as wide as its content by default, and a long /media/... address
    // made the form wider than a phone.
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-gray-200">{label}</legend>
      <div className="flex items-center gap-3">
        <AdminImage src={value} alt={value ? 'Chosen image' : ''} className="h-16 w-28 rounded object-cover" />
        <p id={`${id}-current`} className="min-w-0 flex-1 truncate text-sm text-gray-300">
          {value || 'No image chosen'}
        </p>
        {value && (
          <button type="button" className="btn-outline" onClick={() => onChange('')}>
            Clear image
          </button>
        )}
      </div>
      <Tabs.Root defaultValue="library">
        <Tabs.List aria-label={`${label}: choose from`} className="flex gap-1">
          <Tabs.Trigger value="library" className={tabClass}>
            Image Library
          </Tabs.Trigger>
          <Tabs.Trigger value="url" className={tabClass}>
            URL
          </Tabs.Trigger>
          <Tabs.Trigger value="upload" className={tabClass}>
            Upload
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="library" className="mt-3">
          <LibraryGrid value={value} onPick={onChange} />
        </Tabs.Content>
        <Tabs.Content value="url" className="mt-3">
          <UrlPicker value={value} onApply={onChange} />
        </Tabs.Content>
        <Tabs.Content value="upload" className="mt-3">
          <UploadPicker onApply={onChange} />
        </Tabs.Content>
      </Tabs.Root>
    </fieldset>
  )
}

function LibraryGrid({ value, onPick }: { value: string; onPick: (url: string) => void }) {
  const pool = useImagePool()
  return (
    // One box of the same height whatever its state: the form's buttons below it stay where they
    // are when the library arrives (a click aimed at 'Add Hardware' had landed on a picture).
    // A plain scrolling box: Radix ScrollArea injects a style element the CSP refuses.
    <div className="h-96 overflow-y-auto rounded-md border border-line p-2">
      {pool.isPending ? (
        <p className="text-sm text-gray-400">Loading images...</p>
      ) : pool.isError ? (
        <p className="text-sm text-red-300">Error loading images</p>
      ) : pool.data.length === 0 ? (
        <p className="text-sm text-gray-400">No images yet: upload one.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {pool.data.map((image) => (
            <li key={image.url}>
              <button
                type="button"
                aria-pressed={image.url === value}
                aria-label={`Use image ${image.name}`}
                onClick={() => onPick(image.url)}
                className="w-full overflow-hidden rounded-md border-2 border-transparent aria-pressed:border-brand"
              >
                <AdminImage src={image.url} alt="" className="aspect-video w-full object-cover" />
                <span className="block truncate px-1 py-0.5 text-xs text-gray-300">{image.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function UrlPicker({ value, onApply }: { value: string; onApply: (url: string) => void }) {
  const id = useId()
  const [draft, setDraft] = useState(value.startsWith('/media/') ? '' : value)
  const unconfirmed = draft.trim() !== '' && draft.trim() !== value
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-gray-200">
        Image URL
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="url"
          className="field min-w-0 flex-1"
          value={draft}
          placeholder="https://"
          onChange={(e) => setDraft(e.target.value)}
          aria-describedby={unconfirmed ? `${id}-hint` : undefined}
        />
        <button type="button" className="btn-outline" disabled={!unconfirmed} onClick={() => onApply(draft.trim())}>
          Use URL
        </button>
      </div>
      {unconfirmed && (
        <p id={`${id}-hint`} className="text-sm text-amber-300">
          Click "Use URL" to apply this image
        </p>
      )}
    </div>
  )
}

function UploadPicker({ onApply }: { onApply: (url: string) => void }) {
  const id = useId()
  const upload = useUploadImage()
  const pick = (file: File | undefined) => {
    if (!file) return
    upload.mutate(file, {
      onSuccess: (stored) => {
        onApply(stored.url)
        notify.success('Image uploaded', `${imageNameFromFile(file.name)} is stored and applied.`)
      },
      onError: (error) => notify.failed('Upload Failed', 'Failed to upload image', error),
    })
  }
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-gray-200">
        Upload an image (JPG, PNG or GIF, up to 10 MB)
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        disabled={upload.isPending}
        onChange={(e) => {
          pick(e.target.files?.[0])
          e.target.value = ''
        }}
        className="text-sm text-gray-300 file:mr-3 file:rounded-md file:border-0 file:bg-gray-700 file:px-3 file:py-1.5 file:text-white"
      />
      {upload.isPending && (
        <progress max={100} value={upload.progress} aria-label="Upload progress" className="w-full">
          {upload.progress}%
        </progress>
      )}
    </div>
  )
}
