import { describe, expect, it } from 'vitest'
import { composeConfirmation, composeDigest, digestCampaign } from './compose.ts'

const long = `<p>${'The title was decided on the final lap of the season, after a race of rivals battling for every tenth. '.repeat(4)}</p>`
const articles = [
  {
    id: 4,
    slug: 'verstappen-wins-in-abu-dhabi',
    title: 'Verstappen wins in Abu Dhabi',
    excerpt: 'The title decided.',
    content: long,
    imageUrl: '',
    category: 'F1',
  },
  {
    id: 3,
    slug: null,
    title: 'Le Mans Ultimate 1.3 is out',
    excerpt: 'New cars.',
    content: '<p>New cars.</p>',
    imageUrl: '',
    category: 'Sim Racing',
  },
]

const frame = {
  campaign: 'digest-2026-11-30',
  intro: '',
  postalAddress: '',
  viewUrl: 'http://localhost:8888/newsletter/digests/7',
}

/** Each link of an email with what a screen reader names it by: its text, else its pictures' alt texts. */
function linkNames(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].map(([, inner]) => {
    const text = inner!.replace(/<[^>]+>/g, '').trim()
    const alts = [...inner!.matchAll(/<img\b[^>]*\balt="([^"]*)"/g)].map(([, alt]) => alt!.trim())
    return text || alts.join(' ')
  })
}

describe('the newsletter emails as validators and screen readers meet them (issue 44)', () => {
  it('the digest has its subject as its title, and every link a name, its pictures named by their article', async () => {
    const email = await composeDigest(articles, 'weekly', frame)
    expect(email.html).toContain(`<title>${email.subject}</title>`)
    const names = linkNames(email.html)
    expect(names.length).toBeGreaterThan(articles.length * 3)
    expect(names.filter((name) => name === '')).toEqual([])
    expect(email.html).toContain('alt="Verstappen wins in Abu Dhabi"')
    // The title is in the head: the plain-text part does not start with it.
    expect(email.text.trimStart().startsWith(email.subject)).toBe(false)
  })

  it("links every article with the digest's campaign tags, cuts excerpts at a word, and gives each address once in the text part (issue 45)", async () => {
    expect(digestCampaign(new Date('2026-11-30T05:00:00Z'))).toBe('digest-2026-11-30')
    const email = await composeDigest(articles, 'weekly', frame)
    const link =
      'http://localhost:8888/news/4/verstappen-wins-in-abu-dhabi?utm_source=newsletter&utm_medium=email&utm_campaign=digest-2026-11-30'
    expect(email.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`)
    const hrefs = [...email.html.matchAll(/href="([^"]+)"/g)].map(([, h]) => h!.replaceAll('&amp;', '&'))
    for (const href of hrefs.filter((h) => h.includes('/news/') && h !== 'http://localhost:8888/news'))
      expect(new URL(href).searchParams.get('utm_campaign'), href).toBe('digest-2026-11-30')
    // The excerpt ends after a whole word: 'rivals battling...', never 'rivals b...'.
    const excerpt = /<p[^>]*>(The title was decided[^<]*)<\/p>/.exec(email.html)![1]!
    expect(excerpt.endsWith('…')).toBe(true)
    expect(excerpt.length).toBeLessThanOrEqual(221)
    expect(long).toContain(`${excerpt.slice(0, -1)} `)
    // The text part: titles as written, each address once.
    expect(email.text).toContain('Verstappen wins in Abu Dhabi')
    expect(email.text).not.toContain('VERSTAPPEN')
    expect(email.text.split(link)).toHaveLength(2)
  })

  it("carries the owner's intro, the postal address and a link to the digest's page, in the HTML and the text (issue 45)", async () => {
    const email = await composeDigest(articles, 'weekly', {
      ...frame,
      intro: 'Big week for endurance.\n\nAlso: a <b>new</b> LMU build.',
      postalAddress: 'SimRacing Hub\n1 Pit Lane\nSilverstone NN12 8TN',
    })
    // Each paragraph on its own, as text (the owner's markup is not HTML).
    expect(email.html).toContain('>Big week for endurance.</p>')
    expect(email.html).toContain('Also: a &lt;b&gt;new&lt;/b&gt; LMU build.')
    expect(email.html).toMatch(/SimRacing Hub<br\/?>.*1 Pit Lane<br\/?>.*Silverstone NN12 8TN/s)
    expect(email.html).toContain('href="http://localhost:8888/newsletter/digests/7"')
    expect(linkNames(email.html)).toContain('View this email in your browser')
    expect(email.text).toContain('Big week for endurance.')
    expect(email.text).toContain('1 Pit Lane')
    expect(email.text).toContain('http://localhost:8888/newsletter/digests/7')
    // The intro comes before the first article.
    expect(email.html.indexOf('Big week')).toBeLessThan(email.html.indexOf('<h2'))
  })

  it('the confirmation email has its subject as its title', async () => {
    const email = await composeConfirmation({
      confirmUrl: 'https://sim.example/newsletter/confirm?token=t',
      unsubscribeUrl: 'https://sim.example/newsletter/unsubscribe?token=t',
    })
    expect(email.html).toContain('<title>Confirm your subscription to the SimRacing Hub digest</title>')
    expect(linkNames(email.html).filter((name) => name === '')).toEqual([])
  })
})
