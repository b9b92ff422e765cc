import { describe, expect, it } from 'vitest'
import { signature, verifyWebhook, webhookHeaders } from './standard-webhooks.ts'

// The example of the Standard Webhooks specification (spec/standard-webhooks.md, "Signature scheme").
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek'
const timestamp = 1614265330
const body = '{"test": 2432232314}'

describe('Standard Webhooks signatures', () => {
  it("sign as the specification's example does", () => {
    expect(signature(secret, id, timestamp, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
  })

  it("verify a delivery's headers, and nothing changed, late or signed otherwise", () => {
    const now = new Date(timestamp * 1000)
    const headers = webhookHeaders(secret, id, body, now)
    const given = { id, timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'] }
    expect(verifyWebhook(secret, given, body, now)).toBe(true)
    expect(verifyWebhook(secret, given, `${body} `, now)).toBe(false)
    expect(verifyWebhook(secret, { ...given, id: 'msg_other' }, body, now)).toBe(false)
    expect(verifyWebhook('whsec_b3RoZXI=', given, body, now)).toBe(false)
    expect(verifyWebhook(secret, given, body, new Date((timestamp + 301) * 1000))).toBe(false)
    // Several signatures (a secret being rotated): one good one is enough.
    expect(verifyWebhook(secret, { ...given, signature: `v1,bm9wZQ== ${given.signature}` }, body, now)).toBe(true)
  })
})
