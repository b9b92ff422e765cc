import type { PanelTime } from '../panel-time.ts'

/**
 * The System tab's word after a backup was restored (issue 36). A restore owes a purge of the whole
 * site in its own transaction, sent before the answer (decisions 0700, 0703): nothing is rebuilt,
 * every page shows the restored content at its next visit.
 */
export function restoredText(summary: { createdAt: string; rows: number; images: number }, time: PanelTime): string {
  return `The backup of ${time.dateTime(summary.createdAt)} is restored (${summary.rows} rows, ${summary.images} images). Every page was purged at the CDN: each shows the restored content at its next visit, with no rebuild.`
}
