import { describe, expect, it } from 'vitest'
import {
  accessoryProblem,
  canAutoFormat,
  gameProblem,
  gameRatingChoices,
  newsProblem,
  overlayValue,
  passwordProblem,
  preview,
  reviewProblem,
  streamProblem,
  tagsFromText,
  tagsToText,
  viewerCountFrom,
} from './form-rules.ts'

describe('admin form rules (spec 001 section 5)', () => {
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

  it('needs only the game title', () => {
    expect(gameProblem({ title: '  ' })).toEqual({
      title: 'Missing Information',
      description: 'Please fill in the game title.',
    })
    expect(gameProblem({ title: 'iRacing' })).toBeNull()
  })

  it('needs the accessory name and purchase URL', () => {
    expect(accessoryProblem({ name: 'Fanatec', purchaseUrl: '' })?.description).toBe(
      'Please fill in the accessory name and purchase URL.',
    )
    expect(accessoryProblem({ name: 'Fanatec', purchaseUrl: 'https://fanatec.com' })).toBeNull()
  })

  it('needs the stream title and URL', () => {
    expect(streamProblem({ title: 'Live', streamUrl: ' ' })).toEqual({
      title: 'Error',
      description: 'Please fill in the Stream Title and Stream URL fields',
    })
    expect(streamProblem({ title: 'Live', streamUrl: 'https://twitch.tv/x' })).toBeNull()
  })

  it('needs news title, content and author', () => {
    expect(newsProblem({ title: 'T', content: 'C', author: '' })).not.toBeNull()
    expect(newsProblem({ title: 'T', content: 'C', author: 'A' })).toBeNull()
  })

  it('takes review ratings from 0 to 10 only', () => {
    expect(reviewProblem({ title: 'R', rating: '10' })).toBeNull()
    expect(reviewProblem({ title: 'R', rating: '0' })).toBeNull()
    expect(reviewProblem({ title: 'R', rating: '10.5' })).not.toBeNull()
    expect(reviewProblem({ title: 'R', rating: '' })).not.toBeNull()
    expect(reviewProblem({ title: '', rating: '5' })?.description).toBe('Please fill in the review title.')
  })

  it('checks password changes in the spec order', () => {
    expect(passwordProblem({ currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' })?.title).toBe(
      'All Fields Required',
    )
    expect(passwordProblem({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abd' })).toEqual({
      title: "Passwords Don't Match",
      description: 'New password and confirmation must match',
    })
    expect(passwordProblem({ currentPassword: 'x', newPassword: 'abcde', confirmPassword: 'abcde' })).toEqual({
      title: 'Password Too Short',
      description: 'New password must be at least 6 characters long',
    })
    expect(passwordProblem({ currentPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBeNull()
  })

  it('turns comma-separated tags into a list and back', () => {
    expect(tagsFromText(' GT3, Endurance ,,Le Mans ')).toEqual(['GT3', 'Endurance', 'Le Mans'])
    expect(tagsToText(['GT3', 'Endurance'])).toBe('GT3, Endurance')
  })

  it('parses the viewer count to an integer, 0 by default', () => {
    expect(viewerCountFrom('1234')).toBe(1234)
    expect(viewerCountFrom('12.9')).toBe(12)
    expect(viewerCountFrom('')).toBe(0)
    expect(viewerCountFrom('lots')).toBe(0)
    expect(viewerCountFrom('-5')).toBe(0)
  })

  it('allows auto-format only for content without markup', () => {
    expect(canAutoFormat('')).toBe(false)
    expect(canAutoFormat('Plain text')).toBe(true)
    expect(canAutoFormat('<p>Marked up</p>')).toBe(false)
    expect(canAutoFormat('a > b')).toBe(false)
  })

  it('previews 100 characters', () => {
    expect(preview('x'.repeat(100))).toBe('x'.repeat(100))
    expect(preview('x'.repeat(101))).toBe(`${'x'.repeat(100)}...`)
  })

  it('keeps the overlay between 0 and 80 in steps of 5', () => {
    expect(overlayValue.parse('42')).toBe(40)
    expect(overlayValue.parse(95)).toBe(80)
    expect(overlayValue.parse(-3)).toBe(0)
    expect(overlayValue.parse('abc')).toBe(0)
  })
})
