import { SiteImages } from './site-images.tsx'
import { UploadToLibrary } from './upload-to-library.tsx'
import { PermanentLibrary } from './permanent-library.tsx'

/** Images tab: current site images, the upload area and the permanent library (spec 001). */
export default function ImagesTab() {
  return (
    <div className="flex flex-col gap-10">
      <h2 className="section-title">Image Management</h2>
      <SiteImages />
      <UploadToLibrary />
      <PermanentLibrary />
    </div>
  )
}
