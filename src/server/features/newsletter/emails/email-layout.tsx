import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { Fragment, type ReactNode } from 'react'

/**
 * Every email of the newsletter (docs/decisions/0801): React Email's components, which write the
 * table layout and inline styles mail programs need, on the site's dark-on-light email palette.
 * Links go to our own pages only; each email ends with a visible unsubscribe link (the headers
 * carry the one-click one, RFC 8058).
 */
export const colors = { ink: '#0b0d12', text: '#1f2937', muted: '#4b5563', accent: '#dc2626', line: '#e5e7eb' }

export function EmailLayout(props: {
  /** The document's title, the email's subject (issue 44: a mail program's reader names the page by it). */
  title: string
  preview: string
  siteUrl: string
  unsubscribeUrl: string
  /** Why this address gets this email, above the unsubscribe link. */
  reason: string
  /** The sender's postal address, line by line, at the foot (the digest's, decision 0874). */
  postalAddress?: readonly string[]
  children: ReactNode
}) {
  return (
    <Html lang="en">
      <Head>
        <title>{props.title}</title>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: '#f3f4f6', fontFamily: 'Arial, Helvetica, sans-serif', margin: 0 }}>
        <Container
          style={{
            backgroundColor: '#ffffff',
            fontFamily: 'Arial, Helvetica, sans-serif',
            maxWidth: '600px',
            padding: '24px',
          }}
        >
          <Section>
            <Link
              href={`${props.siteUrl}/`}
              style={{ color: colors.ink, fontSize: '22px', fontWeight: 700, textDecoration: 'none' }}
            >
              SimRacing <span style={{ color: colors.accent }}>Hub</span>
            </Link>
          </Section>
          {props.children}
          <Hr style={{ borderColor: colors.line, margin: '32px 0 16px' }} />
          <Text style={{ color: colors.muted, fontSize: '12px', lineHeight: '18px', margin: 0 }}>
            {props.reason}{' '}
            <Link href={props.unsubscribeUrl} style={{ color: colors.muted, textDecoration: 'underline' }}>
              Unsubscribe
            </Link>
          </Text>
          {props.postalAddress && props.postalAddress.length > 0 && (
            <Text style={{ color: colors.muted, fontSize: '12px', lineHeight: '18px', margin: '12px 0 0' }}>
              {props.postalAddress.map((line, i) => (
                <Fragment key={i}>
                  {i > 0 && <br />}
                  {line}
                </Fragment>
              ))}
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  )
}
