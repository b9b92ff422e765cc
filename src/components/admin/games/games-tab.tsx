import { preview } from '../../../lib/admin/form-rules.ts'
import type { FormText } from '../../../lib/forms/contract.ts'
import {
  gameContract,
  gameLinkChoices,
  gameRatingChoices,
  type GameBody,
  type GameLinkType,
  type WebsiteGameBody,
} from '../../../lib/forms/game.ts'
import { gameRatingBadge } from '../../../lib/game-rating.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { TextareaField } from '../../ui/textarea-field.tsx'
import { AdminImage } from '../shared/admin-image.tsx'
import { EntityManager } from '../shared/entity-manager.tsx'
import { RefreshBar } from '../shared/refresh-bar.tsx'
import { ImageChooser } from '../shared/image-chooser.tsx'
import type { AdminGame } from '../shared/types.ts'
import { StoreOffers } from './store-offers.tsx'
import { gameHooks } from './use-games.ts'
import { BrokenLinks, ItemClicks } from '../shared/link-figures.tsx'
import { useLinkHealth } from '../shared/use-link-figures.ts'

/** What the form holds: the contract's fields as text, and which link the game has. */
type Form = FormText<Omit<WebsiteGameBody, 'featured'>> & { linkType: GameLinkType }

const blank: Form = {
  title: '',
  category: '',
  linkType: 'website',
  websiteUrl: '',
  steamUrl: '',
  price: '',
  rating: '',
  platform: '',
  description: '',
  imageUrl: '',
}

const fromItem = (g: AdminGame): Form => ({
  title: g.title,
  category: g.category ?? '',
  linkType: g.steamUrl && !g.websiteUrl ? 'steam' : 'website',
  websiteUrl: g.websiteUrl ?? '',
  steamUrl: g.steamUrl ?? '',
  price: g.price ?? '',
  rating: g.rating ?? '',
  platform: g.platform ?? '',
  description: g.description ?? '',
  imageUrl: g.imageUrl ?? '',
})

/**
 * The Steam store reading sends steamUrl and no websiteUrl (spec 001: title and Steam URL
 * required); the website reading sends websiteUrl and leaves a stored Steam link alone (the games
 * refresh reads it).
 */
function toInput({ linkType, websiteUrl, steamUrl, ...rest }: Form): GameBody {
  return linkType === 'steam' ? { ...rest, steamUrl } : { ...rest, websiteUrl }
}

/** Games tab (spec 001): 'Racing Games Management'. */
export default function GamesTab() {
  const linkHealth = useLinkHealth()
  return (
    <EntityManager<AdminGame, Form, GameBody>
      slot={
        <>
          {/* Broken websites first (docs/decisions/0853); the form waits for them, so it does not move. */}
          <BrokenLinks kind="game" />
          <RefreshBar target="games" />
        </>
      }
      slotLoading={linkHealth.isPending}
      texts={{
        title: 'Racing Games Management',
        formTitle: { add: 'Add New Racing Game', edit: 'Edit Racing Game' },
        submit: { add: 'Add Game', edit: 'Update Game' },
        listTitle: (count) => `Your Racing Games (${count})`,
        empty: 'No racing games yet: add the first one above.',
        added: ['Racing Game Added Successfully!', 'Your racing game has been added to the website.'],
        updated: ['Game Updated Successfully!'],
        deleted: ['Game Deleted Successfully!'],
        addFailed: ['Error', 'Failed to add game. Please try again.'],
        updateFailed: ['Error', 'Failed to update game. Please try again.'],
        deleteFailed: ['Error', 'Failed to delete game. Please try again.'],
        deleteQuestion: (g) => `Delete the game "${g.title}"? This cannot be undone.`,
        itemName: (g) => g.title,
      }}
      history="game"
      hooks={gameHooks}
      blank={blank}
      fromItem={fromItem}
      contract={gameContract}
      alwaysSent={['title', 'websiteUrl', 'steamUrl']}
      toInput={toInput}
      fields={(f, set) => (
        <>
          <TextField label="Title" value={f.title} onChange={(title) => set({ title })} required />
          <TextField label="Category" value={f.category} onChange={(category) => set({ category })} />
          <SelectField
            label="Link type"
            value={f.linkType}
            onChange={(linkType) => set({ linkType: linkType as GameLinkType })}
            options={gameLinkChoices}
          />
          {f.linkType === 'steam' ? (
            <TextField
              label="Steam store URL"
              type="url"
              value={f.steamUrl}
              onChange={(steamUrl) => set({ steamUrl })}
              required
            />
          ) : (
            <TextField
              label="Website URL"
              type="url"
              value={f.websiteUrl}
              onChange={(websiteUrl) => set({ websiteUrl })}
            />
          )}
          <TextField label="Price" value={f.price} onChange={(price) => set({ price })} />
          <SelectField
            label="Rating"
            value={f.rating}
            onChange={(rating) => set({ rating })}
            options={gameRatingChoices}
          />
          <TextField label="Platform" value={f.platform} onChange={(platform) => set({ platform })} />
          <TextareaField
            className="md:col-span-2"
            label="Description"
            value={f.description}
            onChange={(description) => set({ description })}
          />
          <div className="md:col-span-2">
            <ImageChooser label="Game image" value={f.imageUrl} onChange={(imageUrl) => set({ imageUrl })} />
          </div>
        </>
      )}
      item={(g) => (
        <div className="flex gap-4">
          <AdminImage src={g.imageUrl ?? ''} alt="" className="h-16 w-28 shrink-0 rounded object-cover" />
          <div className="min-w-0 flex-1">
            <p className="font-bold text-white">{g.title}</p>
            <p className="text-sm text-gray-300">
              {[g.category, g.platform, g.price, gameRatingBadge(g.rating)].filter(Boolean).join(' · ')}
            </p>
            <p className="text-sm text-gray-400">{preview(g.description ?? '')}</p>
            {g.websiteUrl?.trim() && <ItemClicks kind="game" id={g.id} />}
            <StoreOffers game={g} />
          </div>
        </div>
      )}
    />
  )
}
