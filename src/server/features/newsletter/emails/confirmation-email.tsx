import { Button } from '@react-email/button'
import { Heading } from '@react-email/heading'
import { Text } from '@react-email/text'
import { CONFIRM_LINK_HOURS } from '../tokens.ts'
import { colors, EmailLayout } from './email-layout.tsx'

/**
 * The double opt-in's email (docs/decisions/0800): the confirmation link and what it is for,
 * nothing else (no articles, no advertising).
 */
/** The confirmation email's subject, also its document title. */
export const CONFIRMATION_SUBJECT = 'Confirm your subscription to the SimRacing Hub digest'

export function ConfirmationEmail(props: { siteUrl: string; confirmUrl: string; unsubscribeUrl: string }) {
  return (
    <EmailLayout
      title={CONFIRMATION_SUBJECT}
      preview={CONFIRMATION_SUBJECT}
      siteUrl={props.siteUrl}
      unsubscribeUrl={props.unsubscribeUrl}
      reason="You get this email because this address was entered in the newsletter form of SimRacing Hub."
    >
      <Heading as="h1" style={{ color: colors.ink, fontSize: '24px', margin: '24px 0 12px' }}>
        Confirm your subscription
      </Heading>
      <Text style={{ color: colors.text, fontSize: '16px', lineHeight: '24px' }}>
        Someone, we hope you, asked for the SimRacing Hub digest of new articles at this address. Press the button to
        confirm it.
      </Text>
      <Button
        href={props.confirmUrl}
        style={{
          backgroundColor: colors.accent,
          borderRadius: '6px',
          color: '#ffffff',
          fontSize: '16px',
          fontWeight: 700,
          padding: '12px 20px',
        }}
      >
        Confirm subscription
      </Button>
      <Text style={{ color: colors.muted, fontSize: '14px', lineHeight: '20px' }}>
        The link works once, for {CONFIRM_LINK_HOURS} hours. If it was not you, ignore this email: we will send nothing
        else to this address, and forget it within a week.
      </Text>
    </EmailLayout>
  )
}
