import { desc, eq } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { reviews } from '../db/schema.ts'
import { deleteVersioned, insertVersioned, updateVersioned, type ChangeBy } from '../revisions/keep.ts'

export type Review = typeof reviews.$inferSelect
export type NewReview = typeof reviews.$inferInsert

export function listReviews(): Promise<Review[]> {
  return db().select().from(reviews).orderBy(desc(reviews.timestamp), desc(reviews.id))
}

export async function getReview(id: number): Promise<Review | undefined> {
  const [row] = await db().select().from(reviews).where(eq(reviews.id, id))
  return row
}

/** Owes the purge of the pages that list it (src/server/cdn/outbox.ts). */
export async function insertReview(values: NewReview): Promise<Review> {
  return db().transaction((tx) =>
    insertVersioned(tx, 'review', async () => {
      const [row] = await tx.insert(reviews).values(values).returning()
      return row!
    }),
  )
}

/** Keeps the version it replaces (src/server/revisions). */
export async function updateReview(id: number, values: Partial<NewReview>, by?: ChangeBy): Promise<Review | undefined> {
  return db().transaction((tx) =>
    updateVersioned(
      tx,
      'review',
      id,
      async () => {
        const [row] = await tx
          .update(reviews)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(reviews.id, id))
          .returning()
        return row
      },
      by,
    ),
  )
}

export async function deleteReview(id: number, by?: ChangeBy): Promise<boolean> {
  return db().transaction((tx) =>
    deleteVersioned(tx, 'review', id, () => tx.delete(reviews).where(eq(reviews.id, id)), by),
  )
}
