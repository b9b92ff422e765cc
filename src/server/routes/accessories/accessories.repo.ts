import { desc, eq } from 'drizzle-orm'
import { db } from '../../db/client.ts'
import { accessories } from '../../db/schema.ts'

export type Accessory = typeof accessories.$inferSelect
export type NewAccessory = typeof accessories.$inferInsert

const order = [desc(accessories.createdAt), desc(accessories.id)]

export function listAccessories(): Promise<Accessory[]> {
  return db().select().from(accessories).orderBy(...order)
}

export function listFeaturedAccessories(): Promise<Accessory[]> {
  return db().select().from(accessories).where(eq(accessories.featured, true)).orderBy(...order)
}

export async function getAccessory(id: number): Promise<Accessory | undefined> {
  const [row] = await db().select().from(accessories).where(eq(accessories.id, id))
  return row
}
