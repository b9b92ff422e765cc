import { desc, eq } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { accessories } from '../db/schema.ts'
import { deleteVersioned, insertVersioned, updateVersioned, type ChangeBy } from '../revisions/keep.ts'

export type Accessory = typeof accessories.$inferSelect
export type NewAccessory = typeof accessories.$inferInsert

const order = [desc(accessories.createdAt), desc(accessories.id)]

export function listAccessories(): Promise<Accessory[]> {
  return db()
    .select()
    .from(accessories)
    .orderBy(...order)
}

export function listFeaturedAccessories(): Promise<Accessory[]> {
  return db()
    .select()
    .from(accessories)
    .where(eq(accessories.featured, true))
    .orderBy(...order)
}

export async function getAccessory(id: number): Promise<Accessory | undefined> {
  const [row] = await db().select().from(accessories).where(eq(accessories.id, id))
  return row
}

/** Owes the purge of the pages that list it (src/server/cdn/outbox.ts). */
export async function insertAccessory(values: NewAccessory): Promise<Accessory> {
  return db().transaction((tx) =>
    insertVersioned(tx, 'accessory', async () => {
      const [row] = await tx.insert(accessories).values(values).returning()
      return row!
    }),
  )
}

/** Keeps the version it replaces (src/server/revisions). */
export async function updateAccessory(
  id: number,
  values: Partial<NewAccessory>,
  by?: ChangeBy,
): Promise<Accessory | undefined> {
  return db().transaction((tx) =>
    updateVersioned(
      tx,
      'accessory',
      id,
      async () => {
        const [row] = await tx
          .update(accessories)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(accessories.id, id))
          .returning()
        return row
      },
      by,
    ),
  )
}

export async function deleteAccessory(id: number, by?: ChangeBy): Promise<boolean> {
  return db().transaction((tx) =>
    deleteVersioned(tx, 'accessory', id, () => tx.delete(accessories).where(eq(accessories.id, id)), by),
  )
}
