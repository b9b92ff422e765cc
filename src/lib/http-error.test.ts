import { describe, expect, it } from 'vitest'
import { HttpError, httpErrorMessage, throwIfNotOk } from './http-error.ts'

describe('httpErrorMessage', () => {
  it("is 'STATUS: body'", () => {
    expect(httpErrorMessage(500, 'Internal Server Error', '{"message":"boom"}')).toBe('500: {"message":"boom"}')
  })
  it('uses the status text when the body is empty', () => {
    expect(httpErrorMessage(503, 'Service Unavailable', '')).toBe('503: Service Unavailable')
  })
})

describe('throwIfNotOk', () => {
  it('passes OK responses', async () => {
    await expect(throwIfNotOk(new Response('[]', { status: 200 }))).resolves.toBeUndefined()
  })
  it('throws the spec message for any other status', async () => {
    const failure = throwIfNotOk(new Response('Not found', { status: 404, statusText: 'Not Found' }))
    await expect(failure).rejects.toBeInstanceOf(HttpError)
    await expect(throwIfNotOk(new Response('', { status: 401, statusText: 'Unauthorized' }))).rejects.toThrow(
      '401: Unauthorized',
    )
  })
})
