import { Heading } from '@react-email/heading'
import { Img } from '@react-email/img'
import { Link } from '@react-email/link'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { colors, EmailLayout } from './email-layout.tsx'

export interface DigestArticle {
  title: string
  excerpt: string
  /** Absolute address of the article's page on the site. */
  url: string
  /** Absolute address of its picture, served by the site (never another host). */
  imageUrl: string
}

/** The weekly (or daily) digest: the period's articles, each with its picture, excerpt and link. */
export function DigestEmail(props: {
  /** The email's subject, its document title. */
  subject: string
  siteUrl: string
  unsubscribeUrl: string
  frequency: 'weekly' | 'daily'
  articles: readonly DigestArticle[]
  /** Articles of the period beyond those listed. */
  more: number
  /** The owner's intro, paragraph by paragraph (none: the heading leads to the articles). */
  intro: readonly string[]
  /** This digest as a page on the site ('View this email in your browser'). */
  viewUrl: string
  /** The sender's postal address, line by line, in the footer. */
  postalAddress: readonly string[]
}) {
  const period = props.frequency === 'weekly' ? 'this week' : 'today'
  return (
    <EmailLayout
      title={props.subject}
      preview={`${props.articles[0]?.title ?? 'New articles'} and more ${period} on SimRacing Hub`}
      siteUrl={props.siteUrl}
      unsubscribeUrl={props.unsubscribeUrl}
      reason="You get this email because you subscribed to the SimRacing Hub digest."
      postalAddress={props.postalAddress}
    >
      <Text style={{ color: colors.muted, fontSize: '12px', margin: '8px 0 0' }}>
        <Link href={props.viewUrl} style={{ color: colors.muted, textDecoration: 'underline' }}>
          View this email in your browser
        </Link>
      </Text>
      <Heading as="h1" style={{ color: colors.ink, fontSize: '24px', margin: '24px 0 8px' }}>
        New on SimRacing Hub {period}
      </Heading>
      {props.intro.map((paragraph, i) => (
        <Text key={i} style={{ color: colors.text, fontSize: '16px', lineHeight: '24px', margin: '8px 0' }}>
          {paragraph}
        </Text>
      ))}
      {props.articles.map((article) => (
        <Section key={article.url} style={{ marginTop: '24px' }}>
          {/* The picture's link is named by its article (issue 44: a link whose only content was an
              image with alt="" had no name for a screen reader). */}
          {/* Not in the text part: the same address follows once, after 'Read the article'. */}
          <Link href={article.url} data-skip-in-text="true">
            <Img
              src={article.imageUrl}
              alt={article.title}
              width="552"
              style={{ borderRadius: '8px', display: 'block', height: 'auto', maxWidth: '100%' }}
            />
          </Link>
          <Heading as="h2" style={{ fontSize: '20px', lineHeight: '26px', margin: '12px 0 4px' }}>
            <Link href={article.url} data-text-link="title" style={{ color: colors.ink, textDecoration: 'none' }}>
              {article.title}
            </Link>
          </Heading>
          {article.excerpt && (
            <Text style={{ color: colors.text, fontSize: '15px', lineHeight: '22px', margin: '4px 0' }}>
              {article.excerpt}
            </Text>
          )}
          <Link href={article.url} style={{ color: colors.accent, fontSize: '15px', fontWeight: 700 }}>
            Read the article
          </Link>
        </Section>
      ))}
      {props.more > 0 && (
        <Text style={{ color: colors.text, fontSize: '15px', marginTop: '24px' }}>
          And {props.more} more:{' '}
          <Link href={`${props.siteUrl}/news`} style={{ color: colors.accent }}>
            all the news
          </Link>
          .
        </Text>
      )}
    </EmailLayout>
  )
}
