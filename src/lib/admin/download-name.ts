/**
 * The file name a download should be saved as, from its Content-Disposition header
 * (`attachment; filename="simracing-backup-2026-11-24.json.gz"`), or the fallback. Only a plain
 * name is taken: no folders, nothing a file system would read as a path.
 */
export function downloadFileName(disposition: string | null, fallback: string): string {
  const name = disposition ? /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() : undefined
  return name && /^[\w.-]+$/.test(name) && !name.startsWith('.') ? name : fallback
}
