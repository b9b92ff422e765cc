import { Hono } from 'hono'
import { z } from 'zod'
import { passwordProblem } from '../../../lib/admin/form-rules.ts'
import { recordWrite } from '../../audit/record-writes.ts'
import { ACCOUNT_CODES_KEY, accountCodeLimit, failedCodesBefore, type FailedCodes } from '../../auth/code-limit.ts'
import { clearSessionCookie, readDeviceCookie, writeDeviceCookie, writeSessionCookie } from '../../auth/cookie.ts'
import { checkPassword, setPassword } from '../../auth/credentials.ts'
import { clientKey, loginLimit, loginSucceeded, takeLoginAttempt, type LimitPolicy } from '../../auth/rate-limit.ts'
import {
  createSession,
  deleteOtherSessions,
  deleteSession,
  pruneSessions,
  SECOND_FACTOR_PENDING_MS,
  type Session,
} from '../../auth/sessions.ts'
import {
  consumeSecondFactor,
  isTrustedDevice,
  isTwoFactorOn,
  TRUSTED_DEVICE_MS,
  trustedDeviceToken,
} from '../../auth/two-factor.ts'
import { noStore } from '../../http/cache.ts'
import { ApiError, badRequest } from '../../http/errors.ts'
import { jsonBody } from '../../http/validate.ts'

const loginBody = z.object(
  { password: z.string({ message: 'Invalid admin password' }).max(1000, 'Invalid admin password') },
  { message: 'Invalid admin password' },
)

const invalidCode = 'Invalid authentication code'
const verifyBody = z.object(
  { code: z.string({ message: invalidCode }).trim().min(1, invalidCode).max(100, invalidCode) },
  { message: invalidCode },
)

const text = z
  .string({ message: 'Please fill in all password fields' })
  .max(1000, 'The password is too long.')
  .optional()
const changePasswordBody = z
  .object(
    { currentPassword: text, newPassword: text, confirmPassword: text },
    { message: 'Please fill in all password fields' },
  )
  .superRefine((b, ctx) => {
    const found = passwordProblem(b)
    if (found) ctx.addIssue({ code: 'custom', message: found.description })
  })

const tooManyAttempts = (retryAfter: number) =>
  new ApiError(429, 'Too many failed login attempts. Please try again later.', { 'Retry-After': String(retryAfter) })
const tooManyCodes = (retryAfter: number) =>
  new ApiError(429, 'Too many wrong authentication codes. Please try again later.', {
    'Retry-After': String(retryAfter),
  })

const sessionInfo = (s: { createdAt: Date; expiresAt: Date }) => ({
  authenticated: true,
  createdAt: s.createdAt,
  expiresAt: s.expiresAt,
})

/**
 * Waits for this attempt's turn when the key is past its limit (decision 0205), then answers
 * whether `check` passed; a failure past the limit answers 429, and a success stops counting.
 */
async function limitedCheck(
  key: string,
  check: (attemptId: number) => Promise<boolean>,
  options: { policy?: LimitPolicy; exempt?: boolean; tooMany?: (retryAfter: number) => ApiError } = {},
): Promise<boolean> {
  const { policy = loginLimit, tooMany = tooManyAttempts } = options
  const attempt = await takeLoginAttempt(key, new Date(), { policy, exempt: options.exempt })
  if ('retryAfter' in attempt) throw tooMany(attempt.retryAfter)
  // Past the limit the check waits for its turn: slow for guessing, a moment for the owner.
  if (attempt.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, attempt.waitMs))
  const ok = await check(attempt.attemptId)
  if (!ok && attempt.locked) throw tooMany(Math.ceil(policy.intervalMs / 1000))
  if (ok) await loginSucceeded(attempt.attemptId)
  return ok
}

/**
 * Login (with the second step when two-factor login is on, docs/decisions/0206), logout, session
 * and password change (issue 4 item 1; messages of spec 001 section 5).
 */
export const adminAuthRoutes = new Hono()
  .use(noStore())
  .post(
    '/login',
    // A malformed body takes no attempt.
    jsonBody(loginBody, 'Invalid admin password'),
    async (c) => {
      const { password } = c.req.valid('json')
      const ok = await limitedCheck(clientKey(c), async () => password.length > 0 && (await checkPassword(password)))
      if (!ok) throw new ApiError(401, 'Invalid admin password')
      await pruneSessions()
      const userAgent = c.req.header('user-agent') ?? ''
      if (await isTwoFactorOn()) {
        // The password was right; the cookie now names a session that opens nothing but the code's route.
        const { id } = await createSession(userAgent, new Date(), { secondFactorPending: true })
        writeSessionCookie(c, id, SECOND_FACTOR_PENDING_MS)
        recordWrite(c, { entity: 'session', summary: 'Administrator password accepted; waiting for the code' })
        return c.json({ secondFactor: 'required' as const }, 200)
      }
      const { id, session } = await createSession(userAgent)
      writeSessionCookie(c, id)
      recordWrite(c, { entity: 'session', summary: 'Administrator logged in' })
      return c.json(sessionInfo(session), 200)
    },
  )
  .post('/login/verify', jsonBody(verifyBody, invalidCode), async (c) => {
    const pending = c.get('session')
    if (!pending.secondFactorPending) throw new ApiError(409, 'You are logged in already.')
    const { code } = c.req.valid('json')
    // Counted apart from passwords: a right password must not wipe the count of wrong codes. Then
    // counted for the account, whatever the address, unless this browser logged in before.
    const knownBrowser = await isTrustedDevice(readDeviceCookie(c))
    let used: Awaited<ReturnType<typeof consumeSecondFactor>>
    let failedCodes: FailedCodes | undefined
    const ok = await limitedCheck(`second-factor:${clientKey(c)}`, () =>
      limitedCheck(
        ACCOUNT_CODES_KEY,
        async (attemptId) => {
          used = await consumeSecondFactor(code)
          if (used) failedCodes = await failedCodesBefore(attemptId)
          return used !== undefined
        },
        { policy: accountCodeLimit, exempt: knownBrowser, tooMany: tooManyCodes },
      ),
    )
    if (!ok || !used) throw badRequest(invalidCode)
    // A new id for the open session: the waiting one's cookie proved the password only.
    await deleteSession(pending.idHash)
    const { id, session } = await createSession(c.req.header('user-agent') ?? '')
    writeSessionCookie(c, id)
    const device = await trustedDeviceToken()
    if (device) writeDeviceCookie(c, device, TRUSTED_DEVICE_MS)
    const failed = failedCodes ? ` (${failedCodes.count} wrong codes since the last login)` : ''
    recordWrite(c, {
      entity: 'session',
      summary:
        used.kind === 'recovery'
          ? `Administrator logged in with a recovery code (${used.recoveryCodesLeft} left)${failed}`
          : `Administrator logged in with an authentication code${failed}`,
    })
    return c.json(
      {
        ...sessionInfo(session),
        ...(used.kind === 'recovery' ? { recoveryCodesLeft: used.recoveryCodesLeft } : {}),
        ...(failedCodes ? { failedCodes } : {}),
      },
      200,
    )
  })
  .post('/logout', async (c) => {
    const session = c.get('session')
    await deleteSession(session.idHash)
    clearSessionCookie(c)
    recordWrite(c, { entity: 'session', summary: 'Administrator logged out' })
    return c.json({ authenticated: false })
  })
  .get('/session', (c) => c.json(sessionInfo(c.get('session'))))
  /**
   * Whether this browser is logged in, for the gate: 200 either way. 'Not logged in' is the answer
   * the gate expects on every first visit, and a 401 there made the browser log an error in the
   * console each time (issue 25). Public (src/server/auth/guard.ts): it tells only the caller about
   * their own cookie.
   */
  .get('/session/state', (c) => {
    const session = c.get('session') as Session | undefined
    return c.json(session ? sessionInfo(session) : { authenticated: false as const })
  })
  .post('/change-password', jsonBody(changePasswordBody, 'Please fill in all password fields'), async (c) => {
    const body = c.req.valid('json')
    // Someone holding a stolen session cookie must not be able to guess the password here: 5 wrong
    // current passwords per session in 15 minutes, then 429 until the window has passed.
    const key = `change-password:${c.get('session').idHash}`
    const attempt = await takeLoginAttempt(key, new Date(), { refuseWhenLocked: true })
    if ('retryAfter' in attempt) {
      throw new ApiError(429, 'Too many wrong current passwords. Please try again later.', {
        'Retry-After': String(attempt.retryAfter),
      })
    }
    if (!(await checkPassword(body.currentPassword!))) throw badRequest('Current password is incorrect')
    await loginSucceeded(attempt.attemptId)
    await setPassword(body.newPassword!)
    const session = c.get('session')
    await deleteOtherSessions(session.idHash)
    recordWrite(c, { entity: 'admin-password', summary: 'Password changed; other sessions ended' })
    return c.json({ message: 'Password changed successfully' })
  })
