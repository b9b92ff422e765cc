import { eq } from 'drizzle-orm'
import { seoDefaults, seoPages, type SeoFields, type SeoPage } from '../../lib/seo-defaults.ts'
import { db } from '../db/client.ts'
import { seoSettings } from '../db/schema.ts'
import { changing } from '../cdn/outbox.ts'

export interface SeoSettings extends SeoFields {
  page: SeoPage
  /** False while the page still uses the built-in defaults. */
  customized: boolean
}

/** The owner's settings where saved, the defaults elsewhere. */
export async function listSeoSettings(): Promise<SeoSettings[]> {
  const rows = await db().select().from(seoSettings)
  const saved = new Map(rows.map((r) => [r.page, r]))
  return seoPages.map((page) => {
    const row = saved.get(page)
    return row
      ? { page, title: row.title, description: row.description, keywords: row.keywords, customized: true }
      : { page, ...seoDefaults[page], customized: false }
  })
}

export async function getSeoSettings(page: SeoPage): Promise<SeoSettings> {
  const [row] = await db().select().from(seoSettings).where(eq(seoSettings.page, page))
  return row
    ? { page, title: row.title, description: row.description, keywords: row.keywords, customized: true }
    : { page, ...seoDefaults[page], customized: false }
}

export async function saveSeoSettings(page: SeoPage, fields: SeoFields): Promise<SeoSettings> {
  await changing(['seo'], (tx) =>
    tx
      .insert(seoSettings)
      .values({ page, ...fields })
      .onConflictDoUpdate({ target: seoSettings.page, set: { ...fields, updatedAt: new Date() } })
      .returning({ page: seoSettings.page }),
  )
  return { page, ...fields, customized: true }
}

/** Back to the built-in defaults. */
export async function resetSeoSettings(page: SeoPage): Promise<SeoSettings> {
  // Already the defaults: nothing changed, nothing to purge.
  await changing(['seo'], (tx) =>
    tx.delete(seoSettings).where(eq(seoSettings.page, page)).returning({ page: seoSettings.page }),
  )
  return { page, ...seoDefaults[page], customized: false }
}
