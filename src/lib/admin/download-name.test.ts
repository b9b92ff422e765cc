import { describe, expect, it } from 'vitest'
import { downloadFileName } from './download-name.ts'

describe('downloadFileName', () => {
  it('takes the quoted or bare file name of the header', () => {
    expect(downloadFileName('attachment; filename="simracing-backup-2026-11-24.json.gz"', 'x')).toBe(
      'simracing-backup-2026-11-24.json.gz',
    )
    expect(downloadFileName('attachment; filename=backup.json.gz', 'x')).toBe('backup.json.gz')
  })

  it('falls back when the header is missing or names a path', () => {
    expect(downloadFileName(null, 'backup.json.gz')).toBe('backup.json.gz')
    expect(downloadFileName('attachment', 'backup.json.gz')).toBe('backup.json.gz')
    expect(downloadFileName('attachment; filename="../../etc/passwd"', 'backup.json.gz')).toBe('backup.json.gz')
    expect(downloadFileName('attachment; filename=".bashrc"', 'backup.json.gz')).toBe('backup.json.gz')
  })
})
