/** The hero's overlay opacity: site setting overlay_transparency / 100, 0.5 when unset or invalid. */
export const DEFAULT_OVERLAY_OPACITY = 0.5
export const DEFAULT_HERO_IMAGE = '/images/default-hero.webp'

export function overlayOpacity(setting: string | null | undefined): number {
  if (setting === null || setting === undefined || setting.trim() === '') return DEFAULT_OVERLAY_OPACITY
  const percent = Number(setting)
  if (!Number.isFinite(percent)) return DEFAULT_OVERLAY_OPACITY
  return Math.min(100, Math.max(0, percent)) / 100
}

/** The hero image: site setting hero_image, else the bundled default. */
export const heroImage = (setting: string | null | undefined): string =>
  setting && setting.trim() !== '' ? setting.trim() : DEFAULT_HERO_IMAGE

/** The hero's words (spec 000 section 2), shared by the home page and the admin's preview of it. */
export const HERO_HEADLINE = { before: 'RACE', accent: 'BEYOND', after: 'LIMITS' } as const
export const HERO_TEXT =
  'The ultimate destination for sim racing enthusiasts. Discover games, gear, championships, and the latest motorsport news.'
export const HERO_BUTTON = 'Latest News'
