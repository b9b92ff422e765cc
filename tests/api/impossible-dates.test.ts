import { beforeEach, describe, expect, it } from 'vitest'
import { adminCookie, send } from '../helpers/auth.ts'
import { resetDatabase } from '../helpers/db.ts'
import { databaseDigest } from '../helpers/digest.ts'
import { createNews, createReview, createStream } from '../../src/server/demo/factories.ts'

beforeEach(resetDatabase)

/**
 * Every date the API takes, sent as a day the calendar does not have: `new Date()` would have
 * stored the next valid day without a word (29 February 2027 as 1 March). Each is a 400 that says
 * what is wrong, and the database is what it was (decision 0215).
 */
const feb29 = 'The publish time must be a day that exists: February 2027 has 28 days.'

async function refused(method: string, path: string, body: object, message: string) {
  const cookie = await adminCookie()
  const before = await databaseDigest()
  const res = await send(method, path, { cookie, body })
  expect({ status: res.status, message: res.body?.message }).toEqual({ status: 400, message })
  expect(await databaseDigest()).toBe(before)
}

const article = { title: 'Monza preview', content: '<p>Slipstream battles ahead.</p>', author: 'Owner' }
const stream = { title: 'Night stint', streamUrl: 'https://www.twitch.tv/simracer' }
const review = { title: 'Rennsport', rating: 8 }

describe('impossible dates', () => {
  it('refuses a news publish time on 29 February of a common year, new or edited', async () => {
    await refused('POST', '/api/news', { ...article, publishAt: '2027-02-29T10:00:00.000Z' }, feb29)
    const draft = await createNews({ title: 'Kept', status: 'draft' })
    await refused(
      'PUT',
      `/api/news/${draft.id}`,
      { ...article, publishAt: '2027-02-29T10:00:00.000Z', baseUpdatedAt: draft.updatedAt.toISOString() },
      feb29,
    )
  })

  it("refuses an article's date of 31 April and a month 13", async () => {
    await refused(
      'POST',
      '/api/news',
      { ...article, timestamp: '2026-04-31' },
      'The date must be a day that exists: April 2026 has 30 days.',
    )
    const draft = await createNews({ title: 'Kept', status: 'draft' })
    await refused(
      'PUT',
      `/api/news/${draft.id}`,
      { ...article, baseUpdatedAt: '2026-13-01T00:00:00.000Z' },
      'The version must be a day that exists: there is no month 13.',
    )
  })

  it("refuses a stream's start and end times that do not exist", async () => {
    await refused(
      'POST',
      '/api/streams',
      { ...stream, startTime: '2026-04-31T20:00:00Z' },
      'The start time must be a day that exists: April 2026 has 30 days.',
    )
    const kept = await createStream({ title: 'Kept' })
    await refused(
      'PUT',
      `/api/streams/${kept.id}`,
      { ...stream, endTime: '2027-02-29T22:00:00Z' },
      'The end time must be a day that exists: February 2027 has 28 days.',
    )
    await refused(
      'PUT',
      `/api/streams/${kept.id}`,
      { ...stream, startTime: '2026-11-24T24:30:00Z' },
      'The start time must be a time that exists: 24:30:00 is no time of day.',
    )
  })

  it("refuses a review's date that does not exist", async () => {
    await refused(
      'POST',
      '/api/reviews',
      { ...review, reviewDate: '2026-13-01' },
      'The review date must be a day that exists: there is no month 13.',
    )
    const kept = await createReview({ title: 'Kept' })
    await refused(
      'PUT',
      `/api/reviews/${kept.id}`,
      { ...review, reviewDate: '2026-06-31' },
      'The review date must be a day that exists: June 2026 has 30 days.',
    )
  })

  it('keeps a real leap day exactly as sent', async () => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/news', { cookie, body: { ...article, publishAt: '2096-02-29T10:00:00.000Z' } })
    expect(res.status).toBe(201)
    expect(res.body.publishAt).toBe('2096-02-29T10:00:00.000Z')
    const reviewed = await send('POST', '/api/reviews', { cookie, body: { ...review, reviewDate: '2028-02-29' } })
    expect(reviewed.status).toBe(201)
    expect(reviewed.body.reviewDate).toBe('2028-02-29T00:00:00.000Z')
  })
})
