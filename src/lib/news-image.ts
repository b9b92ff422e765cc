import { newsCategoryColor, type CategoryColor } from './news-category.ts'

/**
 * The picture of an article without an image of its own: one per colour group of the category
 * badges (spec 000 section 9), drawn by scripts/demo/make-news-defaults.ts. The 'Image Not Found'
 * placeholder stays for an image that fails to load (spec 001 section 8), never for a missing one.
 */
export const DEFAULT_NEWS_IMAGES: Record<CategoryColor, string> = {
  red: '/images/news/breaking.webp',
  gold: '/images/news/reviews.webp',
  blue: '/images/news/motorsport.webp',
  grey: '/images/news/news.webp',
}

/** The article's own image, or its category's default picture. */
export function newsImageUrl(article: { imageUrl?: string | null; category: string }): string {
  const own = article.imageUrl?.trim()
  return own ? own : DEFAULT_NEWS_IMAGES[newsCategoryColor(article.category)]
}
