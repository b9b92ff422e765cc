import { desc, eq } from 'drizzle-orm'
import { db } from '../../db/client.ts'
import { reviews } from '../../db/schema.ts'

export type Review = typeof reviews.$inferSelect
export type NewReview = typeof reviews.$inferInsert

export function listReviews(): Promise<Review[]> {
  return db().select().from(reviews).orderBy(desc(reviews.timestamp), desc(reviews.id))
}

export async function getReview(id: number): Promise<Review | undefined> {
  const [row] = await db().select().from(reviews).where(eq(reviews.id, id))
  return row
}
