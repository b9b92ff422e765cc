/**
 * What each network is sent (docs/decisions/0860), from what the site announces: an article, race
 * results, a test. Pure, within each network's published limits: Discord's embed limits (title 256,
 * description 4096, field value 1024, 6,000 in all), Bluesky's 300 graphemes with the link as a
 * facet at its UTF-8 byte offsets, Mastodon's 500 characters where a link counts 23. Every link
 * carries `utm_source=<network>&utm_medium=social`, so the Audience tab shows what each brought.
 */
export const channelKinds = ['discord', 'bluesky', 'mastodon'] as const
export type ChannelKind = (typeof channelKinds)[number]

export const channelLabels: Record<ChannelKind, string> = {
  discord: 'Discord',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
}

/** What is announced, before it is put into a network's words. */
export interface Announcement {
  title: string
  /** A sentence or two: the article's excerpt, the race's winner and leader. */
  text: string
  /** The page on the site, without campaign tags. */
  url: string
  /** A picture to show with it (the article's card), when there is one. */
  imageUrl?: string
  /** A short label above the title: the article's category, 'Race results'. */
  kicker?: string
}

/** The site's racing red, for Discord's embed. */
export const EMBED_COLOUR = 0xe10600

/** `url` with the campaign tags of `network`. */
export function taggedUrl(url: string, network: ChannelKind): string {
  const tagged = new URL(url)
  tagged.searchParams.set('utm_source', network)
  tagged.searchParams.set('utm_medium', 'social')
  return tagged.href
}

const graphemes = (text: string): string[] =>
  [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((s) => s.segment)

/** `text` cut to at most `max` graphemes at a word where it can be, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  const parts = graphemes(clean)
  if (parts.length <= max) return clean
  const head = parts.slice(0, Math.max(0, max - 1)).join('')
  const atWord = head.replace(/\s+\S*$/, '')
  return `${atWord.length >= head.length * 0.6 ? atWord : head}…`
}

/** Discord: one embed, mentions switched off (a title saying @everyone must not ping a server). */
export function discordMessage(a: Announcement, siteName: string) {
  const embed = {
    title: clip(a.title, 256),
    url: taggedUrl(a.url, 'discord'),
    description: clip(a.text, 1000),
    color: EMBED_COLOUR,
    ...(a.kicker ? { author: { name: clip(a.kicker, 256) } } : {}),
    ...(a.imageUrl ? { image: { url: a.imageUrl } } : {}),
    footer: { text: clip(siteName, 2048) },
  }
  return { embeds: [embed], allowed_mentions: { parse: [] as string[] } }
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length

/** A link in a Bluesky post: its text's UTF-8 byte range and where it leads. */
export interface LinkFacet {
  index: { byteStart: number; byteEnd: number }
  features: { $type: 'app.bsky.richtext.facet#link'; uri: string }[]
}

/**
 * Bluesky: the title and as much of the text as fits in 300 graphemes, then the link written short
 * (host and path) with a facet that leads to the tagged address; the card (`app.bsky.embed.external`)
 * is added by the sender, with the picture uploaded as a blob.
 */
export function blueskyPost(a: Announcement): { text: string; facets: LinkFacet[]; link: string } {
  const link = taggedUrl(a.url, 'bluesky')
  const shown = new URL(a.url)
  const linkText = `${shown.host}${shown.pathname === '/' ? '' : shown.pathname}`
  const room = 300 - graphemes(linkText).length - 2
  const title = clip(a.title, Math.min(room, 200))
  const left = room - graphemes(title).length - 2
  const body = left > 20 && a.text.trim() ? `\n\n${clip(a.text, left)}` : ''
  const head = `${title}${body}\n\n`
  const text = `${head}${linkText}`
  const byteStart = utf8Length(head)
  return {
    text,
    link,
    facets: [
      {
        index: { byteStart, byteEnd: byteStart + utf8Length(linkText) },
        features: [{ $type: 'app.bsky.richtext.facet#link', uri: link }],
      },
    ],
  }
}

/** How Mastodon counts a status: graphemes, every link as `urlLength` characters. */
export function mastodonLength(text: string, urlLength = 23): number {
  const links = text.match(/https?:\/\/\S+/g) ?? []
  const withoutLinks = links.reduce((rest, link) => rest.replace(link, ''), text)
  return graphemes(withoutLinks).length + links.length * urlLength
}

/** Mastodon: the title, the text as far as `max` allows, and the tagged link (its card is Mastodon's own). */
export function mastodonStatus(a: Announcement, max = 500, urlLength = 23): string {
  const link = taggedUrl(a.url, 'mastodon')
  const title = clip(a.title, Math.min(200, max - urlLength - 2))
  const left = max - graphemes(title).length - urlLength - 4
  const body = left > 20 && a.text.trim() ? `\n\n${clip(a.text, left)}` : ''
  return `${title}${body}\n\n${link}`
}
