import { desc, eq } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { reviews } from '../db/schema.ts'

export type Review = typeof reviews.$inferSelect
export type NewReview = typeof reviews.$inferInsert

export function listReviews(): Promise<Review[]> {
  return db().select().from(reviews).orderBy(desc(reviews.timestamp), desc(reviews.id))
}

export async function getReview(id: number): Promise<Review | undefined> {
  const [row] = await db().select().from(reviews).where(eq(reviews.id, id))
  return row
}

export async function insertReview(values: NewReview): Promise<Review> {
  const [row] = await db().insert(reviews).values(values).returning()
  return row!
}

export async function updateReview(id: number, values: Partial<NewReview>): Promise<Review | undefined> {
  const [row] = await db()
    .update(reviews)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(reviews.id, id))
    .returning()
  return row
}

export async function deleteReview(id: number): Promise<boolean> {
  const deleted = await db().delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id })
  return deleted.length > 0
}
