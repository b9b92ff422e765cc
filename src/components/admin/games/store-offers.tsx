import { preview } from '../../../lib/admin/form-rules.ts'
import { storeFieldWords, storeOffers } from '../../../lib/game-store.ts'
import { AdminImage } from '../shared/admin-image.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import type { AdminGame } from '../shared/types.ts'
import { useTakeFromStore } from './use-games.ts'

/**
 * Beside a game's own price, description or picture: what the Steam store says instead, with
 * "Use the store's" (docs/decisions/0622). A refresh never overwrites the owner's words.
 */
export function StoreOffers({ game }: { game: AdminGame }) {
  const take = useTakeFromStore()
  const offers = storeOffers(game)
  if (offers.length === 0) return null
  return (
    <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label={`What the Steam store says about ${game.title}`}>
      {offers.map(({ field, value }) => {
        const words = storeFieldWords[field]
        const busy = take.isPending && take.variables?.id === game.id && take.variables.field === field
        return (
          <li key={field} className="flex flex-wrap items-center gap-2 rounded border border-line bg-ink/60 px-2 py-1">
            <span className="min-w-0 flex-1 break-words text-gray-300">
              Steam store&apos;s {words}:{' '}
              {field === 'imageUrl' ? (
                <AdminImage
                  src={value}
                  alt="another picture"
                  className="inline-block h-10 w-20 rounded object-cover align-middle"
                />
              ) : (
                <span className="text-white">{field === 'description' ? preview(value) : value}</span>
              )}
            </span>
            <button
              type="button"
              className="btn-outline"
              aria-label={`Use the store's ${words} for ${game.title}`}
              aria-busy={busy}
              disabled={take.isPending}
              onClick={() =>
                take.mutate(
                  { id: game.id, field },
                  {
                    onSuccess: () =>
                      notify.success('Game Updated Successfully!', `The ${words} is now the Steam store's.`),
                    onError: (error) => {
                      if (!isUnauthorized(error))
                        notify.failed('Error', 'Failed to update game. Please try again.', error)
                    },
                  },
                )
              }
            >
              Use the store&apos;s
            </button>
          </li>
        )
      })}
    </ul>
  )
}
