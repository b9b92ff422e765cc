import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api-client.ts'

/** GET /api/images: the combined pool (library, game, hardware and news images), refreshed after uploads. */
export const useImagePool = () => useQuery({ queryKey: ['images'], queryFn: () => unwrap(api.images.$get()) })
