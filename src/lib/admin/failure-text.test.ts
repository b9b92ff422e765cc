import { describe, expect, it } from 'vitest'
import { HttpError } from '../http-error.ts'
import { failureDetail, serverMessage } from './failure-text.ts'

describe('failure texts (spec 001 section 8)', () => {
  it("shows 'status: message' when the server answered { message }", () => {
    const error = new HttpError(400, 'Current password is incorrect')
    expect(failureDetail(error)).toBe('400: Current password is incorrect')
    expect(serverMessage(error)).toBe('Current password is incorrect')
  })

  it('has no server message when the status text stood in for an empty body', () => {
    const error = new HttpError(500, 'Internal Server Error', false)
    expect(failureDetail(error)).toBe('500: Internal Server Error')
    expect(serverMessage(error)).toBeNull()
  })

  it('has no server message for errors that are not HTTP answers', () => {
    expect(failureDetail(new Error('offline'))).toBe('offline')
    expect(serverMessage(new Error('offline'))).toBeNull()
  })
})
