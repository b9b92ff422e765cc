import type { DigestFrequency } from '../../../lib/newsletter/digest-rules.ts'
import { listHeaders, personalized, unsubscribePageUrl } from './compose.ts'
import { previewDigest } from './digest.ts'
import type { MailConfig } from '../../mail/mail-config.ts'
import { openMailer, type SendOutcome } from '../../mail/mailer.ts'
import { newsletterKey, unsubscribeToken } from './tokens.ts'
import { findSubscriberByEmail } from './newsletter.repo.ts'

/**
 * 'Send test to me': the digest as it would go out now, to the owner's address, subject marked
 * [Test]. Its unsubscribe link is the address's own when it is on the list, else one that does
 * nothing (subscriber 0: 'not on the list').
 */
export async function sendTestDigest(
  mail: MailConfig,
  email: string,
  frequency: DigestFrequency,
  now: Date,
): Promise<SendOutcome> {
  const preview = await previewDigest(frequency, now)
  const key = await newsletterKey()
  const token = unsubscribeToken(key, (await findSubscriberByEmail(email))?.id ?? 0, email)
  const page = unsubscribePageUrl(token)
  const mailer = openMailer(mail, { pool: false })
  try {
    return await mailer.send({
      to: email,
      subject: `[Test] ${preview.subject}`,
      html: personalized(preview.html, page),
      text: personalized(preview.text, page),
      headers: listHeaders(token),
    })
  } finally {
    mailer.close()
  }
}
