import { eq } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { aiSettings } from '../db/schema.ts'

export interface AiSettings {
  contentPrompt: string
  focusPrompt: string
  wordCount: number
}

export async function getAiSettings(): Promise<AiSettings> {
  const [row] = await db().select().from(aiSettings).where(eq(aiSettings.id, 1))
  if (row) return { contentPrompt: row.contentPrompt, focusPrompt: row.focusPrompt, wordCount: row.wordCount }
  await db().insert(aiSettings).values({ id: 1 }).onConflictDoNothing()
  return getAiSettings()
}

export async function saveAiSettings(values: Partial<AiSettings>): Promise<AiSettings> {
  await getAiSettings()
  await db()
    .update(aiSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(aiSettings.id, 1))
  return getAiSettings()
}
