import { Heading } from '@react-email/heading'
import { Text } from '@react-email/text'
import { colors, EmailLayout } from './email-layout.tsx'

/**
 * What a confirmed address gets when it is entered in the form again (issue 45): the page said
 * 'Check your inbox' as it does for every address (docs/decisions/0800), so the inbox says that the
 * address is subscribed already. Nothing to press: no link but the site's and the unsubscribe one.
 */
/** The email's subject, also its document title. */
export const ALREADY_SUBSCRIBED_SUBJECT = 'You are already subscribed to the SimRacing Hub digest'

export function AlreadySubscribedEmail(props: { siteUrl: string; unsubscribeUrl: string }) {
  return (
    <EmailLayout
      title={ALREADY_SUBSCRIBED_SUBJECT}
      preview={ALREADY_SUBSCRIBED_SUBJECT}
      siteUrl={props.siteUrl}
      unsubscribeUrl={props.unsubscribeUrl}
      reason="You get this email because this address was entered in the newsletter form of SimRacing Hub."
    >
      <Heading as="h1" style={{ color: colors.ink, fontSize: '24px', margin: '24px 0 12px' }}>
        You are already subscribed
      </Heading>
      <Text style={{ color: colors.text, fontSize: '16px', lineHeight: '24px' }}>
        Someone, we hope you, asked for the SimRacing Hub digest of new articles at this address. It is subscribed
        already: there is nothing to confirm, and the next digest will arrive as usual.
      </Text>
      <Text style={{ color: colors.muted, fontSize: '14px', lineHeight: '20px' }}>
        If it was not you, ignore this email: nothing has changed. To stop the digest, use the unsubscribe link below.
      </Text>
    </EmailLayout>
  )
}
