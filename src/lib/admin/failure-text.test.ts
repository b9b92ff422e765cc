import { describe, expect, it } from 'vitest'
import { HttpError, httpErrorMessage } from '../http-error.ts'
import { failureDetail, serverMessage } from './failure-text.ts'

const failed = (status: number, statusText: string, body: string) =>
  new HttpError(status, httpErrorMessage(status, statusText, body))

describe('failure texts (spec 001 section 8)', () => {
  it("shows 'status: message' when the server answered { message }", () => {
    const error = failed(400, 'Bad Request', '{"message":"Current password is incorrect"}')
    expect(failureDetail(error)).toBe('400: Current password is incorrect')
    expect(serverMessage(error)).toBe('Current password is incorrect')
  })

  it('keeps a body that is not JSON, and the status text when the body is empty', () => {
    expect(failureDetail(failed(502, 'Bad Gateway', 'upstream down'))).toBe('502: upstream down')
    expect(failureDetail(failed(500, 'Internal Server Error', ''))).toBe('500: Internal Server Error')
  })

  it('has no server message for errors that are not HTTP answers', () => {
    expect(failureDetail(new Error('offline'))).toBe('offline')
    expect(serverMessage(new Error('offline'))).toBeNull()
  })
})
