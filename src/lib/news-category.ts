export type CategoryColor = 'red' | 'gold' | 'blue' | 'grey'

const colors: Record<string, CategoryColor> = {
  breaking: 'red',
  esports: 'red',
  review: 'gold',
  reviews: 'gold',
  motorsport: 'blue',
  'f1 news': 'blue',
}

/** News category badge colour (spec 000 section 9); matched case-insensitively. */
export function newsCategoryColor(category: string): CategoryColor {
  return colors[category.trim().toLowerCase()] ?? 'grey'
}

/** Categories are displayed uppercased. */
export const categoryLabel = (category: string): string => category.toUpperCase()

/** The distinct categories of a list, in order of first appearance, for the 'All Categories' filter. */
export function distinctCategories(items: readonly { category: string }[]): string[] {
  return [...new Set(items.map((i) => i.category).filter((c) => c.trim() !== ''))]
}
