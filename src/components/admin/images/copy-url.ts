import { notify } from '../shared/toast.ts'

/** Copies an image's full address (our /media paths made absolute) and says so. */
export async function copyImageUrl(url: string): Promise<void> {
  const absolute = new URL(url, window.location.origin).href
  try {
    await navigator.clipboard.writeText(absolute)
    notify.success('Copied', 'The image URL is on the clipboard.')
  } catch {
    notify.failure('Error', 'The browser did not allow copying the URL.')
  }
}
