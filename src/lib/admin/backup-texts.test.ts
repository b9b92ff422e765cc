import { describe, expect, it } from 'vitest'
import { panelTime } from '../panel-time.ts'
import { restoredText } from './backup-texts.ts'

describe("the backup restore's success text", () => {
  it('says what is true today: pages purged, no rebuild; the backup dated in the site zone', () => {
    const text = restoredText(
      { createdAt: '2026-11-26T23:27:00.000Z', rows: 120, images: 4 },
      panelTime('Europe/Berlin'),
    )
    expect(text).toBe(
      'The backup of Nov 27, 2026, 12:27 AM GMT+1 is restored (120 rows, 4 images). Every page was purged at the CDN: each shows the restored content at its next visit, with no rebuild.',
    )
    expect(text).not.toMatch(/being rebuilt|UTC/)
  })
})
