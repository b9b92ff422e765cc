import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { checkPassword } from '../../auth/credentials.ts'
import { loginSucceeded, takeLoginAttempt } from '../../auth/rate-limit.ts'
import { deleteOtherSessions } from '../../auth/sessions.ts'
import {
  confirmTwoFactorSetup,
  consumeSecondFactor,
  startTwoFactorSetup,
  turnOffTwoFactor,
  twoFactorState,
} from '../../auth/two-factor.ts'
import { noStore } from '../../http/cache.ts'
import { ApiError, badRequest } from '../../http/errors.ts'
import { jsonBody } from '../../http/validate.ts'

const invalidCode = 'Invalid authentication code'
const confirmBody = z.object(
  { code: z.string({ message: invalidCode }).trim().min(1, invalidCode).max(100, invalidCode) },
  { message: invalidCode },
)

const needProof = 'Please enter your password or a current authentication code.'
const optionalText = z.string({ message: needProof }).max(1000, needProof).optional()
const disableBody = z
  .object({ password: optionalText, code: optionalText }, { message: needProof })
  .refine((b) => Boolean(b.password || b.code?.trim()), needProof)

const tooManyWrong = (retryAfter: number) =>
  new ApiError(429, 'Too many wrong passwords or codes. Please try again later.', {
    'Retry-After': String(retryAfter),
  })

/**
 * Two-factor login in the System tab (docs/decisions/0206): its state, a secret to set up,
 * confirming it with a code (which answers the recovery codes, once), and turning it off with the
 * password or a current code.
 */
export const twoFactorRoutes = new Hono()
  .use(noStore())
  .get('/', async (c) => c.json(await twoFactorState()))
  .post('/setup', async (c) => {
    const setup = await startTwoFactorSetup()
    if (!setup) throw new ApiError(409, 'Two-factor login is on already. Turn it off first to set it up again.')
    recordWrite(c, { entity: 'two-factor', summary: 'Two-factor login setup started' })
    return c.json(setup)
  })
  .post('/confirm', jsonBody(confirmBody, invalidCode), async (c) => {
    const result = await confirmTwoFactorSetup(c.req.valid('json').code)
    if ('error' in result) {
      if (result.error === 'no-setup') throw new ApiError(409, 'Please start the setup again.')
      throw badRequest(invalidCode)
    }
    // Sessions opened with the password alone end; this one proved the code.
    await deleteOtherSessions(c.get('session').idHash)
    recordWrite(c, { entity: 'two-factor', summary: 'Two-factor login turned on; other sessions ended' })
    return c.json({ ...(await twoFactorState()), recoveryCodes: result.recoveryCodes })
  })
  .post('/disable', jsonBody(disableBody, needProof), async (c) => {
    const { password, code } = c.req.valid('json')
    if (!(await twoFactorState()).enabled) throw new ApiError(409, 'Two-factor login is off already.')
    // A stolen session cookie must not guess the password or a code here: as for the password
    // change, 5 wrong tries per session in 15 minutes, then 429 until the window has passed.
    const key = `two-factor-off:${c.get('session').idHash}`
    const attempt = await takeLoginAttempt(key, new Date(), { refuseWhenLocked: true })
    if ('retryAfter' in attempt) throw tooManyWrong(attempt.retryAfter)
    const ok = code?.trim() ? (await consumeSecondFactor(code)) !== undefined : await checkPassword(password ?? '')
    if (!ok) throw badRequest(code?.trim() ? invalidCode : 'Current password is incorrect')
    await loginSucceeded(attempt.attemptId)
    await turnOffTwoFactor()
    recordWrite(c, { entity: 'two-factor', summary: 'Two-factor login turned off' })
    return c.json(await twoFactorState())
  })
