import { AdminImage } from '../shared/admin-image.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { copyImageUrl } from './copy-url.ts'
import { useSaveToLibrary } from './use-image-library.ts'
import { useImagePool } from './use-image-pool.ts'
import { LoadError } from '../shared/load-error.tsx'

/** The owner reads 'Hardware' everywhere in the panel (spec 001), 'accessory' in the data. */
const sourceLabel = { library: 'Library', game: 'Game', accessory: 'Hardware', news: 'News' } as const

/** The images the site shows (games, hardware, news) with Copy URL and Save to library. */
export function SiteImages() {
  const pool = useImagePool()
  const save = useSaveToLibrary()
  const siteImages = (pool.data ?? []).filter((i) => i.source !== 'library')
  const saveToLibrary = (url: string, name: string) =>
    save.mutate(
      { url, name, category: 'general', source: 'site' },
      {
        onSuccess: () => notify.success('Saved to library', `${name} is in the permanent library.`),
        onError: (error) => {
          if (!isUnauthorized(error)) notify.failed('Error', 'Failed to add image to library', error)
        },
      },
    )
  return (
    <section aria-labelledby="site-images-title" className="flex flex-col gap-4">
      <h3 id="site-images-title" className="text-xl font-bold text-white">
        {/* The count is shown once it is known: never a '(0)' while the list loads. */}
        {pool.data ? `Current Site Images (${siteImages.length})` : 'Current Site Images'}
      </h3>
      {pool.isPending ? (
        <p className="text-gray-300">Loading site images...</p>
      ) : pool.isError ? (
        <LoadError text="Error loading site images" onRetry={() => pool.refetch()} />
      ) : siteImages.length === 0 ? (
        <p className="text-gray-300">The site shows no images yet.</p>
      ) : (
        <ul className="card-grid-4">
          {siteImages.map((image) => (
            <li key={image.url} className="flex flex-col overflow-hidden rounded-lg border border-line bg-panel">
              <AdminImage src={image.url} alt="" className="aspect-video w-full object-cover" />
              <div className="flex flex-1 flex-col gap-2 p-3">
                <p className="truncate font-semibold text-white">{image.name}</p>
                <p className="text-xs text-gray-400">{sourceLabel[image.source]} image</p>
                <div className="mt-auto flex flex-wrap gap-2">
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
                    aria-label={`Save ${image.name} to library`}
                    disabled={save.isPending && save.variables.url === image.url}
                    onClick={() => saveToLibrary(image.url, image.name)}
                  >
                    Save to library
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
