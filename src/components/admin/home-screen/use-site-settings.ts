import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { HttpError } from '../../../lib/http-error.ts'
import { send } from '../shared/http.ts'

export interface HomeScreenSettings {
  heroImage: string
  overlay: number
}

async function setting(key: string): Promise<string | null> {
  try {
    return (await send<{ value: string }>('GET', `/api/site-settings/${key}`)).value
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
      await send('POST', '/api/site-settings', { key: 'hero_image', value: s.heroImage })
      await send('POST', '/api/site-settings', { key: 'overlay_transparency', value: s.overlay })
    },
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  })
}
