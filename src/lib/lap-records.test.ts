import { describe, expect, it } from 'vitest'
import { lapRecordCells } from './lap-records.ts'

describe('lapRecordCells', () => {
  it('reads a record as m:ss.mmm, its session and game, and the day it was set (UTC)', () => {
    expect(
      lapRecordCells({ lapMs: 107_862, sessionType: 'race', setAt: '2026-11-22T23:59:00Z', source: 'acc' }),
    ).toEqual({
      lapTime: '1:47.862',
      session: 'Race · ACC',
      date: 'Nov 22, 2026',
    })
    expect(
      lapRecordCells({ lapMs: 205_117, sessionType: 'qualifying', setAt: '2026-11-20T14:03:25Z', source: 'lmu' }),
    ).toMatchObject({
      lapTime: '3:25.117',
      session: 'Qualifying · LMU',
    })
  })
})
