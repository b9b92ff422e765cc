import { and, eq } from 'drizzle-orm'
import { env } from '../../env.server.ts'
import { db } from '../db/client.ts'
import { adminCredentials } from '../db/schema.ts'
import { hashPassword, needsRehash, verifyPassword } from './password.ts'

/** The stored hash, bootstrapping it from ADMIN_PASSWORD the first time (the row is then the truth). */
export async function getPasswordHash(): Promise<string | undefined> {
  const [row] = await db().select().from(adminCredentials).where(eq(adminCredentials.id, 1))
  if (row) return row.passwordHash
  if (!env.ADMIN_PASSWORD) return undefined
  await db()
    .insert(adminCredentials)
    .values({ id: 1, passwordHash: await hashPassword(env.ADMIN_PASSWORD) })
    .onConflictDoNothing()
  const [created] = await db().select().from(adminCredentials).where(eq(adminCredentials.id, 1))
  return created?.passwordHash
}

export async function hasPassword(): Promise<boolean> {
  const [row] = await db().select({ id: adminCredentials.id }).from(adminCredentials).where(eq(adminCredentials.id, 1))
  return row !== undefined
}

export async function checkPassword(password: string): Promise<boolean> {
  const hash = await getPasswordHash()
  if (!hash) {
    // Same cost as a real check, so the answer time does not reveal that no password is set.
    await hashPassword(password)
    return false
  }
  if (!(await verifyPassword(password, hash))) return false
  // A hash of before decision 0207 (scrypt) or of lower parameters: replaced now that the password is known.
  if (needsRehash(hash)) await upgradeHash(password, hash)
  return true
}

/** Replaces the hash that was checked, unless the password changed meanwhile. */
async function upgradeHash(password: string, checked: string): Promise<void> {
  const passwordHash = await hashPassword(password)
  await db()
    .update(adminCredentials)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(adminCredentials.id, 1), eq(adminCredentials.passwordHash, checked)))
}

export async function setPassword(password: string): Promise<void> {
  const passwordHash = await hashPassword(password)
  await db()
    .insert(adminCredentials)
    .values({ id: 1, passwordHash })
    .onConflictDoUpdate({ target: adminCredentials.id, set: { passwordHash, updatedAt: new Date() } })
}
