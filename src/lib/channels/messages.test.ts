import { describe, expect, it } from 'vitest'
import { blueskyPost, clip, discordMessage, mastodonLength, mastodonStatus, taggedUrl } from './messages.ts'

const graphemeCount = (text: string) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].length
const article = {
  title: 'Nürburgring 24h: the 🏁 finish decided on the last lap',
  text: 'A wet night, three safety cars and a pass at the Schwedenkreuz. '.repeat(20),
  url: 'https://sim.example/news/12',
  imageUrl: 'https://sim.example/api/og/news/12',
  kicker: 'Endurance',
}

describe('announcements as each network takes them', () => {
  it('tag every link with the network as its source and social as its medium', () => {
    expect(taggedUrl('https://sim.example/news/12', 'discord')).toBe(
      'https://sim.example/news/12?utm_source=discord&utm_medium=social',
    )
  })

  it('Discord: one embed within its limits, with title, tagged link, picture, colour, and no mentions', () => {
    const long = { ...article, title: 'T'.repeat(400), text: 'word '.repeat(2000) }
    const message = discordMessage(long, 'SimRacing Hub')
    const embed = message.embeds[0]!
    expect(embed.title.length).toBeLessThanOrEqual(256)
    expect(embed.description.length).toBeLessThanOrEqual(4096)
    const total =
      embed.title.length + embed.description.length + embed.footer.text.length + (embed.author?.name.length ?? 0)
    expect(total).toBeLessThanOrEqual(6000)
    expect(embed.url).toContain('utm_source=discord')
    expect(embed.image?.url).toBe(article.imageUrl)
    expect(message.allowed_mentions).toEqual({ parse: [] })
  })

  it('Bluesky: at most 300 graphemes, the link a facet over its exact UTF-8 bytes, leading to the tagged address', () => {
    const post = blueskyPost(article)
    expect(graphemeCount(post.text)).toBeLessThanOrEqual(300)
    const bytes = new TextEncoder().encode(post.text)
    const facet = post.facets[0]!
    const covered = new TextDecoder().decode(bytes.slice(facet.index.byteStart, facet.index.byteEnd))
    expect(covered).toBe('sim.example/news/12')
    expect(facet.features[0]!.uri).toBe('https://sim.example/news/12?utm_source=bluesky&utm_medium=social')
    expect(post.text.startsWith('Nürburgring 24h: the 🏁 finish')).toBe(true)
  })

  it('Mastodon: within 500 as Mastodon counts (a link is 23), ending with the tagged link', () => {
    const status = mastodonStatus(article)
    expect(mastodonLength(status)).toBeLessThanOrEqual(500)
    expect(status.endsWith('https://sim.example/news/12?utm_source=mastodon&utm_medium=social')).toBe(true)
    expect(mastodonLength('abc https://a.example/very/long/path/that/counts/as/23')).toBe(4 + 23)
  })

  it('cut text at a word, with an ellipsis', () => {
    expect(clip('one two three four', 10)).toBe('one two…')
    expect(clip('short', 10)).toBe('short')
  })
})
