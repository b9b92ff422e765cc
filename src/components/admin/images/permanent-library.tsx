import { AdminImage } from '../shared/admin-image.tsx'
import { confirmDelete } from '../shared/confirm.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { copyImageUrl } from './copy-url.ts'
import { useDeleteLibraryImage, useImageLibrary } from './use-image-library.ts'
import { LoadError } from '../shared/load-error.tsx'
import { usePanelTime } from '../shared/use-time-zone.ts'

/** The permanent library grid with the spec's loading, empty and error texts. */
export function PermanentLibrary() {
  const time = usePanelTime()
  const library = useImageLibrary()
  const remove = useDeleteLibraryImage()
  const onDelete = async (id: number, name: string) => {
    if (!(await confirmDelete(`Delete "${name}" from the permanent library?`))) return
    remove.mutate(id, {
      onSuccess: () => notify.success('Deleted!', `${name} was removed from the library.`),
      onError: (error) => {
        if (!isUnauthorized(error)) notify.failed('Failed to delete', 'Error: Failed to delete image', error)
      },
    })
  }
  return (
    <section aria-labelledby="library-title" className="flex flex-col gap-4">
      <h3 id="library-title" className="text-xl font-bold text-white">
        Permanent Image Library
      </h3>
      {library.isPending ? (
        <p className="text-gray-300" role="status">
          Loading permanent library...
        </p>
      ) : library.isError ? (
        <LoadError text="Error loading permanent library" onRetry={() => library.refetch()} />
      ) : library.data.length === 0 ? (
        <div>
          <p className="text-gray-200">No saved images in permanent library</p>
          <p className="text-sm text-gray-400">Save images from the section above, or upload one, to keep them here.</p>
        </div>
      ) : (
        <ul className="card-grid-4">
          {library.data.map((image) => (
            <li key={image.id} className="flex flex-col overflow-hidden rounded-lg border border-line bg-panel">
              <AdminImage src={image.url} alt="" className="aspect-video w-full object-cover" />
              <div className="flex flex-1 flex-col gap-1 p-3">
                <p className="truncate font-semibold text-white">{image.name}</p>
                <p className="text-xs text-gray-300 capitalize">
                  {image.category} · {time.date(image.createdAt)}
                </p>
                {image.description && <p className="text-sm text-gray-400">{image.description}</p>}
                <div className="mt-auto flex flex-wrap gap-2 pt-2">
                  <button
                    type="button"
                    className="btn-outline px-3 py-1"
                    aria-label={`Copy URL of ${image.name}`}
                    onClick={() => copyImageUrl(image.url)}
                  >
                    Copy URL
                  </button>
                  <button
                    type="button"
                    className="btn-outline px-3 py-1"
                    aria-label={`Delete ${image.name}`}
                    disabled={remove.isPending && remove.variables === image.id}
                    onClick={() => onDelete(image.id, image.name)}
                  >
                    Delete
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
