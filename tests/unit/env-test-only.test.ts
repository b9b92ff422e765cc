import { describe, expect, it } from 'vitest'
import { parseEnv } from '../../src/env.server.ts'

describe('the tests-only link-check setting', () => {
  it('is off unless set, and may be set outside production (the end-to-end sites)', () => {
    expect(parseEnv({}).TEST_ONLY_LINK_CHECK_LOCAL_SHOPS).toBe(false)
    expect(parseEnv({ TEST_ONLY_LINK_CHECK_LOCAL_SHOPS: 'true' }).TEST_ONLY_LINK_CHECK_LOCAL_SHOPS).toBe(true)
    expect(
      parseEnv({ CONTEXT: 'deploy-preview', TEST_ONLY_LINK_CHECK_LOCAL_SHOPS: '1' }).TEST_ONLY_LINK_CHECK_LOCAL_SHOPS,
    ).toBe(true)
  })

  it('stops a production deploy at start, naming itself', () => {
    expect(() => parseEnv({ CONTEXT: 'production', TEST_ONLY_LINK_CHECK_LOCAL_SHOPS: 'true' })).toThrow(
      /TEST_ONLY_LINK_CHECK_LOCAL_SHOPS: is for the end-to-end tests only and cannot be set on a production deploy/,
    )
    expect(
      parseEnv({ CONTEXT: 'production', TEST_ONLY_LINK_CHECK_LOCAL_SHOPS: 'false' }).TEST_ONLY_LINK_CHECK_LOCAL_SHOPS,
    ).toBe(false)
  })
})

describe('the tests-only outbound setting and the secrets key', () => {
  it('lets the channels reach 127.0.0.1 outside production only', () => {
    expect(parseEnv({}).TEST_ONLY_OUTBOUND_LOOPBACK).toBe(false)
    expect(parseEnv({ TEST_ONLY_OUTBOUND_LOOPBACK: 'true' }).TEST_ONLY_OUTBOUND_LOOPBACK).toBe(true)
    expect(() => parseEnv({ CONTEXT: 'production', TEST_ONLY_OUTBOUND_LOOPBACK: 'true' })).toThrow(
      /TEST_ONLY_OUTBOUND_LOOPBACK/,
    )
  })

  it('takes a SECRETS_KEY of 32 characters or more, and refuses a shorter one by name', () => {
    expect(parseEnv({}).SECRETS_KEY).toBeUndefined()
    expect(parseEnv({ SECRETS_KEY: 'k'.repeat(32) }).SECRETS_KEY).toBe('k'.repeat(32))
    expect(() => parseEnv({ SECRETS_KEY: 'too-short' })).toThrow(/SECRETS_KEY must be at least 32 characters/)
  })
})
