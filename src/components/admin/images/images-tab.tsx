import { SiteImages } from './site-images.tsx'
import { UploadToLibrary } from './upload-to-library.tsx'
import { PermanentLibrary } from './permanent-library.tsx'
import { useImageLibrary } from './use-image-library.ts'

/**
 * Images tab (spec 001): the upload area first, then the permanent library, then the current site
 * images, which run to dozens of pictures: the upload no longer waits below all of them (issue 17).
 * The library waits for its own answer below the upload, and the site images come last, so nothing
 * that arrives pushes a control down under the pointer (decision 0501).
 */
export default function ImagesTab() {
  const library = useImageLibrary()
  return (
    <div className="flex flex-col gap-10">
      <h2 className="section-title">Image Management</h2>
      <UploadToLibrary />
      <PermanentLibrary />
      {!library.isPending && <SiteImages />}
    </div>
  )
}
