import { z } from 'zod'
import { checkEmailAddress } from '../newsletter/email-address.ts'
import { formContract } from './contract.ts'

/** An address field: refused in the sign-up form's words (src/lib/newsletter/email-address.ts). */
const address = z.unknown().transform((value, ctx) => {
  const result = checkEmailAddress(value)
  if (result.ok) return result.address
  ctx.addIssue({ code: 'custom', message: result.message })
  return z.NEVER
}) as unknown as z.ZodType<string, string>

/** POST /api/admin/newsletter/test: 'Send test to me', to the address the owner types. */
export const newsletterTestContract = formContract(z.object({ email: address }), 'Error')

/** POST /api/admin/newsletter/digests/:id/in-doubt: the owner's choice for the recipients a dead sender left claimed. */
export const inDoubtContract = formContract(
  z.object(
    { choice: z.enum(['resend', 'skip'], { message: 'Choose to resend or to skip.' }) },
    { message: 'Choose to resend or to skip.' },
  ),
  'Error',
)
