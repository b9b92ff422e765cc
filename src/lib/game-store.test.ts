import { describe, expect, it } from 'vitest'
import {
  mergeFromStore,
  restoredStoreState,
  storeFieldsAfterEdit,
  storeOffers,
  takeFromStore,
  type GameStoreState,
} from './game-store.ts'

const iracing = (o: Partial<GameStoreState> = {}): GameStoreState => ({
  price: 'Subscription from $13/month',
  description: 'The subscription-based online racing service.',
  imageUrl: '/demo/games/iracing.webp',
  storeFields: [],
  storeValues: null,
  ...o,
})
const store = { price: '$29.99', description: 'The store page.', imageUrl: 'https://cdn.example/header.jpg' }

describe('mergeFromStore', () => {
  it('keeps every field the owner wrote, and remembers what the store said', () => {
    expect(mergeFromStore(iracing(), store)).toEqual({ values: {}, storeFields: [], storeValues: store })
  })

  it('fills blank fields, which then follow the store', () => {
    const game = iracing({ price: '', imageUrl: ' ' })
    expect(mergeFromStore(game, store)).toEqual({
      values: { price: '$29.99', imageUrl: store.imageUrl },
      storeFields: ['price', 'imageUrl'],
      storeValues: store,
    })
    // The next refresh, with a new price, writes it: the field is the store's now.
    const after = { ...game, price: '$29.99', imageUrl: store.imageUrl, storeFields: ['price', 'imageUrl'] }
    expect(mergeFromStore(after, { ...store, price: '$19.99' }).values).toEqual({
      price: '$19.99',
      imageUrl: store.imageUrl,
    })
  })

  it('leaves a field alone when the store says nothing of it (no price before release)', () => {
    const game = iracing({ price: '', storeFields: ['description'] })
    expect(mergeFromStore(game, { description: 'New text.' })).toEqual({
      values: { description: 'New text.' },
      storeFields: ['description'],
      storeValues: { description: 'New text.' },
    })
  })
})

describe('storeFieldsAfterEdit', () => {
  it('a field the owner changes is theirs again; one they left, or sent unchanged, still follows the store', () => {
    const game = iracing({ price: '$29.99', storeFields: ['price', 'imageUrl'] })
    expect(storeFieldsAfterEdit(game, { price: 'Free weekend' })).toEqual(['imageUrl'])
    expect(storeFieldsAfterEdit(game, { price: '$29.99', title: 'iRacing' })).toEqual(['price', 'imageUrl'])
  })
})

describe('storeOffers and takeFromStore', () => {
  it('offers the store’s value beside each field of the owner’s that differs, never beside the store’s own', () => {
    const game = iracing({ storeFields: ['imageUrl'], storeValues: store })
    expect(storeOffers(game)).toEqual([
      { field: 'price', value: '$29.99' },
      { field: 'description', value: 'The store page.' },
    ])
    expect(storeOffers(iracing({ storeValues: { price: game.price } }))).toEqual([])
    expect(storeOffers(iracing())).toEqual([])
  })

  it('"Use the store’s" takes the value and hands the field to the store; nothing to take without a refresh', () => {
    const game = iracing({ storeFields: ['imageUrl'], storeValues: store })
    expect(takeFromStore(game, 'price')).toEqual({ value: '$29.99', storeFields: ['price', 'imageUrl'] })
    expect(takeFromStore(iracing(), 'price')).toBeUndefined()
  })
})

describe('restoredStoreState (a version restore, issue 36)', () => {
  const latest = { price: '$29.99', description: 'The store page.', imageUrl: 'https://cdn.example/header.jpg' }

  it("brings the version's words back, keeps what the store said, and a blank picture takes the store's", () => {
    const version = { price: 'Free to play', description: 'Ours.', imageUrl: '', storeFields: [] }
    const restored = restoredStoreState(version, latest)
    expect(restored).toEqual({
      values: { imageUrl: 'https://cdn.example/header.jpg' },
      storeFields: ['imageUrl'],
      storeValues: latest,
    })
    // The store's other values are offered beside the owner's again.
    const after = {
      ...version,
      ...restored.values,
      storeFields: restored.storeFields,
      storeValues: restored.storeValues,
    }
    expect(storeOffers(after).map((o) => o.field)).toEqual(['price', 'description'])
  })

  it("a field that followed the store then follows it again, at the store's last value", () => {
    const version = { price: '$39.99', description: 'Ours.', imageUrl: 'x.jpg', storeFields: ['price'] }
    expect(restoredStoreState(version, latest)).toMatchObject({ values: { price: '$29.99' }, storeFields: ['price'] })
  })

  it('before any refresh there is nothing to keep', () => {
    const version = { price: '', description: 'Ours.', imageUrl: '', storeFields: [] }
    expect(restoredStoreState(version, null)).toEqual({ values: {}, storeFields: [], storeValues: null })
  })
})
