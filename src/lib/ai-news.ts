export type ContentType = 'motorsport' | 'e-sports'

/** Spec 001 section 9: e-motorsport articles 350 words, real motorsport 400. */
export const WORD_COUNT_PRESETS: Record<ContentType, number> = { 'e-sports': 350, motorsport: 400 }

/** The longest article the owner may ask for (AI settings). */
export const MAX_WORD_COUNT = 3000

export const wordCountFor = (contentType: ContentType, requested?: number): number =>
  requested ?? WORD_COUNT_PRESETS[contentType]

/** An AI article is refused with fewer sources than this (issue 10: trust). */
export const MIN_SOURCES = 2

/** An answer shorter than this share of the asked length is refused as not an article. */
export const MIN_WORD_SHARE = 0.5

export const countWords = (text: string): number => (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length

/** The category an AI article is filed under, by content type. */
export const categoryFor = (contentType: ContentType): string => (contentType === 'e-sports' ? 'Esports' : 'Motorsport')
