export const accessorySorts = [
  { value: 'newest', label: 'Newest First' },
  { value: 'name', label: 'Name A-Z' },
  { value: 'category', label: 'Category' },
] as const

export type AccessorySort = (typeof accessorySorts)[number]['value']

export interface Sortable {
  id: number
  name: string
  category: string
  createdAt: string | Date
}

const time = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value))
const byName = (a: Sortable, b: Sortable) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })

/** The hardware page's sort orders; a new array, the input is left alone. */
export function sortAccessories<T extends Sortable>(items: readonly T[], sort: AccessorySort): T[] {
  const copy = [...items]
  switch (sort) {
    case 'name':
      return copy.sort(byName)
    case 'category':
      return copy.sort((a, b) => a.category.localeCompare(b.category, 'en', { sensitivity: 'base' }) || byName(a, b))
    default:
      return copy.sort((a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id)
  }
}

export const isAccessorySort = (value: string): value is AccessorySort => accessorySorts.some((s) => s.value === value)
