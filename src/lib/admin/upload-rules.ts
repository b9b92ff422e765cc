/** Spec 001 section 5: only image files, at most 10 MB, name prefilled from the file name. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

export function uploadProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file (JPG, PNG or GIF).'
  if (file.size > MAX_UPLOAD_BYTES) return 'The image is larger than 10 MB.'
  if (file.size === 0) return 'The file is empty.'
  return null
}

/** 'Monza start.final.jpg' -> 'Monza start.final' (the last extension only). */
export function imageNameFromFile(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot > 0 ? fileName.slice(0, dot) : fileName
}

/** The byte ranges a file is sent in (the server answers the chunk size when the upload opens). */
export function chunkRanges(size: number, chunkSize: number): [number, number][] {
  const ranges: [number, number][] = []
  for (let start = 0; start < size; start += chunkSize) ranges.push([start, Math.min(size, start + chunkSize)])
  return ranges
}
