import { z } from 'zod'
import { formContract, variants } from './contract.ts'
import { boolFrom, MAX_TEXT, nullableUrl, optionalImageUrl, optionalText, requiredText, requiredUrl } from './fields.ts'

export const gameTitleMessage = 'Please fill in the game title.'
export const steamGameMessage = 'Please fill in the game title and Steam URL.'

/** The fields both readings of the games form share (spec 001 sections 3 and 5). */
const common = {
  category: optionalText(100, 'The category').optional(),
  price: optionalText(100, 'The price').optional(),
  rating: optionalText(50, 'The rating').optional(),
  platform: optionalText(200, 'The platform').optional(),
  description: optionalText(MAX_TEXT, 'The description').optional(),
  imageUrl: optionalImageUrl().optional(),
  featured: boolFrom('featured').optional(),
}

/** The managed form: only the title is required; the website link is optional ('' is none). */
const websiteGame = z.object({
  title: requiredText(gameTitleMessage, 300, 'The title'),
  websiteUrl: nullableUrl('The website URL').optional(),
  steamUrl: nullableUrl('The Steam URL').optional(),
  ...common,
})

/** The steamUrl variant: the title and the Steam store URL are required. */
const steamGame = z.object({
  title: requiredText(steamGameMessage, 300, 'The title'),
  steamUrl: requiredUrl(steamGameMessage, 'The Steam URL'),
  websiteUrl: z.undefined().optional(),
  ...common,
})

/** With a steamUrl and no websiteUrl the Steam variant is meant. */
const isSteam = (raw: Record<string, unknown>) => 'steamUrl' in raw && !('websiteUrl' in raw)

export const gameContract = formContract(
  variants((raw) => (isSteam(raw) ? 'second' : 'first'), websiteGame, steamGame),
  'Missing Information',
)

export type GameBody = z.input<typeof gameContract.schema>
export type GameValues = z.output<typeof gameContract.schema>
export type WebsiteGameBody = z.input<typeof websiteGame>
export type SteamGameBody = z.input<typeof steamGame>

/** Rating choices of the games form: value '' is 'No Rating'. */
export const gameRatingChoices: { value: string; label: string }[] = [
  { value: '', label: 'No Rating' },
  { value: 'N/A', label: 'N/A' },
  { value: 'Not yet rated', label: 'Not yet rated' },
  ...Array.from({ length: 10 }, (_, i) => {
    const percent = String(95 - i * 5)
    return { value: percent, label: `${percent}%` }
  }),
]

/** The games form's link choice (spec 001: websiteUrl or the Steam store's steamUrl). */
export const gameLinkChoices = [
  { value: 'website', label: 'Website' },
  { value: 'steam', label: 'Steam store' },
] as const
export type GameLinkType = (typeof gameLinkChoices)[number]['value']
