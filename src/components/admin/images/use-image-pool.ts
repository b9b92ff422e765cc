import { useQuery } from '@tanstack/react-query'
import { send } from '../shared/http.ts'
import type { AdminPoolImage } from '../shared/types.ts'

/** GET /api/images: the combined pool (library, game, hardware and news images), refreshed after uploads. */
export const useImagePool = () =>
  useQuery({ queryKey: ['images'], queryFn: () => send<AdminPoolImage[]>('GET', '/api/images') })
