import { describe, expect, it } from 'vitest'
import { accessoryContract, accessoryUpdateContract } from './accessory.ts'
import { championshipEntryContract, championshipEntryUpdateContract } from './championship-entry.ts'
import { formProblem } from './contract.ts'
import { gameContract, gameRatingChoices } from './game.ts'
import { reviewContract, reviewUpdateContract } from './review.ts'
import { standingsDriverContract } from './standings-driver.ts'
import { streamContract, tagsFromText, tagsToText } from './stream.ts'

/** The form contracts (spec 001 section 5): what the admin form checks is what the route refuses. */
describe('form contracts', () => {
  it('offers No Rating, N/A, Not yet rated, then 95 down to 50 in steps of 5', () => {
    expect(gameRatingChoices.map((c) => c.label)).toEqual([
      'No Rating',
      'N/A',
      'Not yet rated',
      '95%',
      '90%',
      '85%',
      '80%',
      '75%',
      '70%',
      '65%',
      '60%',
      '55%',
      '50%',
    ])
    expect(gameRatingChoices[0]?.value).toBe('')
    expect(gameRatingChoices[3]?.value).toBe('95')
  })

  it('needs only the game title; blank links are stored as none', () => {
    expect(formProblem(gameContract, { title: '  ' })).toEqual({
      title: 'Missing Information',
      description: 'Please fill in the game title.',
    })
    expect(gameContract.schema.parse({ title: ' iRacing ', websiteUrl: '' })).toEqual({
      title: 'iRacing',
      websiteUrl: null,
    })
  })

  it('needs the title and the Steam URL in the Steam store variant', () => {
    const steamMessage = 'Please fill in the game title and Steam URL.'
    expect(formProblem(gameContract, { title: 'ACC', steamUrl: '' })?.description).toBe(steamMessage)
    expect(
      formProblem(gameContract, { title: '', steamUrl: 'https://store.steampowered.com/app/1' })?.description,
    ).toBe(steamMessage)
    expect(formProblem(gameContract, { title: 'ACC', steamUrl: 'https://store.steampowered.com/app/1' })).toBeNull()
  })

  it('needs the accessory name and purchase URL, and forces rating and price', () => {
    expect(formProblem(accessoryContract, { name: 'Fanatec', purchaseUrl: '' })?.description).toBe(
      'Please fill in the accessory name and purchase URL.',
    )
    expect(
      accessoryContract.schema.parse({ name: 'Fanatec', purchaseUrl: 'https://fanatec.com', rating: '1' }),
    ).toEqual({ name: 'Fanatec', purchaseUrl: 'https://fanatec.com', rating: '4.5', price: 'Contact Manufacturer' })
    // An update leaves them as they are: what is sent for them is dropped.
    expect(
      accessoryUpdateContract.schema.parse({ name: 'Fanatec', purchaseUrl: 'https://fanatec.com', price: '$9' }),
    ).toEqual({ name: 'Fanatec', purchaseUrl: 'https://fanatec.com' })
  })

  it("needs the stream title and URL under the title 'Error'", () => {
    expect(formProblem(streamContract, { title: 'Live', streamUrl: ' ' })).toEqual({
      title: 'Error',
      description: 'Please fill in the Stream Title and Stream URL fields',
    })
  })

  it('parses the stream form: viewer count to an integer (0 by default), tags, blank times, end after start', () => {
    const base = { title: 'Live', streamUrl: 'https://twitch.tv/x' }
    const viewers = (viewerCount: string) => streamContract.schema.parse({ ...base, viewerCount }).viewerCount
    expect([viewers('1234'), viewers('12.9'), viewers(''), viewers('lots')]).toEqual([1234, 12, 0, 0])
    expect(streamContract.schema.parse({ ...base, tags: ' GT3, Endurance ,,Le Mans ' }).tags).toEqual([
      'GT3',
      'Endurance',
      'Le Mans',
    ])
    expect(streamContract.schema.parse({ ...base, category: '', startTime: '', endTime: '' })).toMatchObject({
      category: 'Racing',
      startTime: undefined,
      endTime: null,
    })
    expect(
      formProblem(streamContract, { ...base, startTime: '2026-11-24T20:00:00Z', endTime: '2026-11-24T18:00:00Z' })
        ?.description,
    ).toBe('The end time must be after the start time.')
  })

  it('turns tags into text and back', () => {
    expect(tagsFromText(' GT3, Endurance ,,Le Mans ')).toEqual(['GT3', 'Endurance', 'Le Mans'])
    expect(tagsToText(['GT3', 'Endurance'])).toBe('GT3, Endurance')
  })

  it('takes review ratings from 0 to 10 only, with the platform, review date and source URL', () => {
    const ok = (rating: string) => formProblem(reviewContract, { title: 'R', rating }) === null
    expect([ok('10'), ok('0'), ok('10.5'), ok('')]).toEqual([true, true, false, false])
    expect(formProblem(reviewContract, { title: '', rating: '5' })?.description).toBe(
      'Please fill in the review title.',
    )
    expect(
      reviewContract.schema.parse({
        title: 'R',
        rating: '8.5',
        platform: ' PC ',
        reviewDate: '2026-03-07',
        sourceUrl: 'https://example.com/r',
      }),
    ).toMatchObject({
      rating: '8.5',
      platform: 'PC',
      reviewDate: new Date('2026-03-07T00:00:00Z'),
      sourceUrl: 'https://example.com/r',
    })
    expect(reviewContract.schema.parse({ title: 'R', rating: 5, reviewDate: '', sourceUrl: '' })).toMatchObject({
      reviewDate: null,
      sourceUrl: null,
    })
    expect(reviewUpdateContract.schema.safeParse({ title: 'R' }).success).toBe(true)
  })

  it('needs the driver name and position of a championship entry (the position may stay on update)', () => {
    const message = 'Please fill in the driver name and position.'
    expect(formProblem(championshipEntryContract, { name: 'A', position: '' })?.description).toBe(message)
    expect(formProblem(championshipEntryContract, { name: '', position: '1' })?.description).toBe(message)
    expect(championshipEntryContract.schema.parse({ name: 'A', position: '2', championshipType: '' })).toMatchObject({
      position: 2,
      championshipType: 'esports',
    })
    expect(championshipEntryUpdateContract.schema.safeParse({ name: 'A' }).success).toBe(true)
  })

  it('needs the driver name of an inline standings edit', () => {
    expect(
      formProblem(standingsDriverContract, { driverData: { driverName: ' ', team: '', points: '3' } })?.description,
    ).toBe('Please fill in the driver name.')
    expect(formProblem(standingsDriverContract, { driverName: 'A', team: 'T', points: 'x' })?.description).toBe(
      'Points must be a number.',
    )
  })
})
