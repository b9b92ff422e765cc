import { SiteImages } from './site-images.tsx'
import { UploadToLibrary } from './upload-to-library.tsx'
import { PermanentLibrary } from './permanent-library.tsx'
import { useImagePool } from './use-image-pool.ts'

/** Images tab: current site images, the upload area and the permanent library (spec 001). */
export default function ImagesTab() {
  // The upload area and the library wait below the site images until those are in: the pictures
  // would push them down as the pointer reaches them.
  const pool = useImagePool()
  return (
    <div className="flex flex-col gap-10">
      <h2 className="section-title">Image Management</h2>
      <SiteImages />
      {!pool.isPending && (
        <>
          <UploadToLibrary />
          <PermanentLibrary />
        </>
      )}
    </div>
  )
}
