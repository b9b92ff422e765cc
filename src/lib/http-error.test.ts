import { describe, expect, it } from 'vitest'
import { HttpError, throwIfNotOk } from './http-error.ts'

const failureOf = async (response: Response): Promise<HttpError> => {
  try {
    await throwIfNotOk(response)
  } catch (error) {
    if (error instanceof HttpError) return error
    throw error
  }
  throw new Error('expected a failure')
}

describe('throwIfNotOk', () => {
  it('passes OK responses', async () => {
    await expect(throwIfNotOk(new Response('[]', { status: 200 }))).resolves.toBeUndefined()
  })

  it("carries the status and the server's message, and the spec's 'STATUS: body' as detail", async () => {
    const error = await failureOf(new Response('{"message":"Game not found"}', { status: 404 }))
    expect(error).toMatchObject({ status: 404, message: 'Game not found', fromServer: true })
    expect(error.detail).toBe('404: Game not found')
  })

  it('keeps a body that is not JSON as it came', async () => {
    const error = await failureOf(new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }))
    expect(error.detail).toBe('502: upstream down')
  })

  it('uses the status text when the body is empty', async () => {
    const error = await failureOf(new Response('', { status: 401, statusText: 'Unauthorized' }))
    expect(error).toMatchObject({ status: 401, message: 'Unauthorized', fromServer: false })
    expect(error.detail).toBe('401: Unauthorized')
  })
})
