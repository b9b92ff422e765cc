import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { refresh } from '../shared/refresh.ts'

export interface HomeScreenSettings {
  heroImage: string
  overlay: number
}

/** A setting's value, or null while it was never saved (404). */
async function setting(key: 'hero_image' | 'overlay_transparency'): Promise<string | null> {
  try {
    return (await unwrap(api.admin['site-settings'][':key'].$get({ param: { key } }))).value
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null
    throw error
  }
}

const key = ['site-settings', 'home-screen']

export const useHomeScreenSettings = () =>
  useQuery({
    queryKey: key,
    queryFn: async (): Promise<HomeScreenSettings> => {
      const [hero, overlay] = await Promise.all([setting('hero_image'), setting('overlay_transparency')])
      return { heroImage: hero ?? '', overlay: Number(overlay ?? 0) || 0 }
    },
  })

/** Two separate setting calls, as the spec's save does: the hero image, then the overlay. */
export function useSaveHomeScreen() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (s: HomeScreenSettings) => {
      await unwrap(api['site-settings'].$post({ json: { key: 'hero_image', value: s.heroImage } }))
      await unwrap(api['site-settings'].$post({ json: { key: 'overlay_transparency', value: s.overlay } }))
    },
    onSuccess: () => refresh(client, key),
  })
}
