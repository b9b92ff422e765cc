import { describe, expect, it } from 'vitest'
import { composeConfirmation, composeDigest } from './compose.ts'

const articles = [
  { id: 4, title: 'Verstappen wins in Abu Dhabi', excerpt: 'The title decided.', imageUrl: '', category: 'F1' },
  { id: 3, title: 'Le Mans Ultimate 1.3 is out', excerpt: 'New cars.', imageUrl: '', category: 'Sim Racing' },
]

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
    const email = await composeDigest(articles, 'weekly')
    expect(email.html).toContain(`<title>${email.subject}</title>`)
    const names = linkNames(email.html)
    expect(names.length).toBeGreaterThan(articles.length * 3)
    expect(names.filter((name) => name === '')).toEqual([])
    expect(email.html).toContain('alt="Verstappen wins in Abu Dhabi"')
    // The title is in the head: the plain-text part does not start with it.
    expect(email.text.trimStart().startsWith(email.subject)).toBe(false)
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
