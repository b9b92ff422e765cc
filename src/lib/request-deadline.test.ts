import { describe, expect, it } from 'vitest'
import {
  AI_TIMEOUT_MS,
  learnServerClock,
  WRITE_TIMEOUT_MS,
  writeDeadline,
  writeTimeoutFor,
} from './request-deadline.ts'

describe('write deadlines', () => {
  it('gives content writes 15 s and AI calls the length of a synchronous function', () => {
    expect(writeTimeoutFor('/api/admin/games')).toBe(WRITE_TIMEOUT_MS)
    expect(writeTimeoutFor('/api/news/4')).toBe(WRITE_TIMEOUT_MS)
    expect(writeTimeoutFor('/api/admin/generate-championship-standings')).toBe(AI_TIMEOUT_MS)
    expect(writeTimeoutFor('/api/admin/format-news-content')).toBe(AI_TIMEOUT_MS)
    expect(writeTimeoutFor('/api/admin/openai/test-image')).toBe(AI_TIMEOUT_MS)
    expect(writeTimeoutFor('/api/admin/backup/restores/0123abcd/complete')).toBe(AI_TIMEOUT_MS)
    expect(writeTimeoutFor('/api/admin/backup/exports')).toBe(AI_TIMEOUT_MS)
    expect(writeTimeoutFor('/api/admin/backup/restores/0123abcd/chunks/0')).toBe(WRITE_TIMEOUT_MS)
  })

  it("states the deadline on the server's clock, learned from its Date header", () => {
    const browserNow = Date.parse('2026-11-24T10:00:00Z')
    // The server's clock is 90 s ahead of the browser's.
    learnServerClock('Tue, 24 Nov 2026 10:01:30 GMT', browserNow)
    expect(writeDeadline(WRITE_TIMEOUT_MS, browserNow)).toBe(browserNow + 90_000 + WRITE_TIMEOUT_MS)
    learnServerClock(null, browserNow)
    expect(writeDeadline(WRITE_TIMEOUT_MS, browserNow)).toBe(browserNow + 90_000 + WRITE_TIMEOUT_MS)
  })
})
