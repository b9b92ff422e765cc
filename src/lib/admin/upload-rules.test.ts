import { describe, expect, it } from 'vitest'
import { chunkRanges, imageNameFromFile, MAX_UPLOAD_BYTES, uploadProblem } from './upload-rules.ts'

describe('upload rules (spec 001 section 5)', () => {
  it('accepts images up to 10 MB only', () => {
    expect(uploadProblem({ type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull()
    expect(uploadProblem({ type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe('The image is larger than 10 MB.')
    expect(uploadProblem({ type: 'application/pdf', size: 10 })).toBe('Please choose an image file (JPG, PNG or GIF).')
  })

  it('prefills the name from the file name without its extension', () => {
    expect(imageNameFromFile('monza-start.jpg')).toBe('monza-start')
    expect(imageNameFromFile('spa.final.png')).toBe('spa.final')
    expect(imageNameFromFile('.hidden')).toBe('.hidden')
    expect(imageNameFromFile('noext')).toBe('noext')
  })

  it('splits a file into chunks that cover it exactly', () => {
    expect(chunkRanges(10, 4)).toEqual([
      [0, 4],
      [4, 8],
      [8, 10],
    ])
    expect(chunkRanges(8, 4)).toEqual([
      [0, 4],
      [4, 8],
    ])
  })
})
