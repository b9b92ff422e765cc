/**
 * Which of a game's fields the Steam store may write (issue 25, docs/decisions/0622). The owner's
 * words are kept: a refresh fills a blank field and keeps up to date the fields it filled or the
 * owner handed back ("Use the store's"); any other field is the owner's, and the store's value is
 * only shown beside it. As the standings rows the owner edited (decision 0407), but per field.
 */
export const storeFieldNames = ['price', 'description', 'imageUrl'] as const
export type StoreField = (typeof storeFieldNames)[number]
export type StoreValues = Partial<Record<StoreField, string>>

export interface GameStoreState extends Record<StoreField, string> {
  /** The fields the store keeps up to date. */
  storeFields: readonly string[]
  /** What the store said last time. */
  storeValues?: StoreValues | null
}

export const isStoreField = (value: unknown): value is StoreField =>
  typeof value === 'string' && (storeFieldNames as readonly string[]).includes(value)

const follows = (game: GameStoreState, field: StoreField) =>
  game.storeFields.includes(field) || game[field].trim() === ''

/** What a refresh writes: the store's value of each field that follows the store, and what the store said. */
export function mergeFromStore(
  game: GameStoreState,
  store: StoreValues,
): { values: StoreValues; storeFields: StoreField[]; storeValues: StoreValues } {
  const values: StoreValues = {}
  const storeFields = storeFieldNames.filter((f) => game.storeFields.includes(f))
  for (const field of storeFieldNames) {
    const value = store[field]
    if (value === undefined || !follows(game, field)) continue
    values[field] = value
    if (!storeFields.includes(field)) storeFields.push(field)
  }
  return { values, storeFields: storeFieldNames.filter((f) => storeFields.includes(f)), storeValues: { ...store } }
}

/** After the owner's edit: a field they changed is theirs again (a blank one is filled by the next refresh). */
export function storeFieldsAfterEdit(game: GameStoreState, edit: Partial<Record<string, unknown>>): StoreField[] {
  return storeFieldNames.filter((f) => game.storeFields.includes(f) && (edit[f] === undefined || edit[f] === game[f]))
}

export interface StoreOffer {
  field: StoreField
  /** The store's value, offered beside the owner's. */
  value: string
}

/** The owner's fields where the store says something else: shown with "Use the store's". */
export function storeOffers(game: GameStoreState): StoreOffer[] {
  return storeFieldNames.flatMap((field) => {
    const value = game.storeValues?.[field]
    if (value === undefined || value === '' || follows(game, field) || value === game[field]) return []
    return [{ field, value }]
  })
}

/** "Use the store's": the field takes the store's last value and follows the store from now on; undefined when it has none. */
export function takeFromStore(
  game: GameStoreState,
  field: StoreField,
): { value: string; storeFields: StoreField[] } | undefined {
  const value = game.storeValues?.[field]
  if (value === undefined || value === '') return undefined
  return { value, storeFields: storeFieldNames.filter((f) => f === field || game.storeFields.includes(f)) }
}

/** The words for a field beside its store value and in the button's name ('price', 'description', 'picture'). */
export const storeFieldWords: Record<StoreField, string> = {
  price: 'price',
  description: 'description',
  imageUrl: 'picture',
}

/**
 * A game's store fields when an older version is restored (issue 36): the version's own words come
 * back, and which fields followed the store then; what the store said last (`storeValues`, read by
 * the latest refresh) stays, and a field that followed the store (or was blank) takes it at once,
 * as the next refresh would. So a restore never hides the store's offers or blanks a picture the
 * store filled.
 */
export function restoredStoreState(
  version: GameStoreState,
  latest: StoreValues | null | undefined,
): { values: StoreValues; storeFields: StoreField[]; storeValues: StoreValues | null } {
  if (!latest)
    return {
      values: {},
      storeFields: storeFieldNames.filter((f) => version.storeFields.includes(f)),
      storeValues: null,
    }
  const merged = mergeFromStore(version, latest)
  return { values: merged.values, storeFields: merged.storeFields, storeValues: merged.storeValues }
}
