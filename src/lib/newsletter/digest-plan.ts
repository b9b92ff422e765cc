import { z } from 'zod'
import { formContract } from '../forms/contract.ts'

/**
 * The owner's shape of the next digest (docs/decisions/0874): an intro above the articles, and the
 * period's articles in the owner's order with the ones left out. Pure, so the rules are tested on
 * their own; the server keeps the plan and applies it when the digest is made.
 */
export interface DigestPlan {
  /** Plain text; a blank line starts a new paragraph. '' for none. */
  intro: string
  /** Article ids in the order the owner put them; the period's others follow, newest first. */
  order: number[]
  /** Article ids the owner left out of the digest. */
  dropped: number[]
}

export const EMPTY_PLAN: DigestPlan = { intro: '', order: [], dropped: [] }

export const DIGEST_INTRO_MAX = 2000
export const POSTAL_ADDRESS_MAX = 300

/**
 * From this many confirmed subscribers on, a digest is not sent without the sender's postal address
 * in its footer (CAN-SPAM asks every commercial email for one; decision 0874 says why the line is
 * here and not at the first subscriber).
 */
export const POSTAL_ADDRESS_REQUIRED_FROM = 100

export const POSTAL_ADDRESS_MISSING =
  "The digest was not sent: add the sender's postal address in the Newsletter tab (required once the list has " +
  `${POSTAL_ADDRESS_REQUIRED_FROM} subscribers).`

/** Whether a digest to this many confirmed addresses must wait for a postal address. */
export const heldForPostalAddress = (confirmed: number, postalAddress: string): boolean =>
  confirmed >= POSTAL_ADDRESS_REQUIRED_FROM && postalAddress.trim() === ''

/**
 * The period's articles (newest first) as the digest carries them: the owner's order first, the
 * articles the owner has not placed (published since) after it, newest first; the dropped ones out.
 */
export function arrangeArticles<T extends { id: number }>(articles: readonly T[], plan: DigestPlan): T[] {
  const dropped = new Set(plan.dropped)
  const byId = new Map(articles.map((a) => [a.id, a]))
  const placed = [...new Set(plan.order)].flatMap((id) => {
    const article = byId.get(id)
    return article ? [article] : []
  })
  const placedIds = new Set(placed.map((a) => a.id))
  return [...placed, ...articles.filter((a) => !placedIds.has(a.id))].filter((a) => !dropped.has(a.id))
}

/** Every article of the period with whether the digest carries it, in the order the owner sees them. */
export function planRows<T extends { id: number }>(
  articles: readonly T[],
  plan: DigestPlan,
): (T & { included: boolean })[] {
  const included = arrangeArticles(articles, plan)
  const kept = new Set(included.map((a) => a.id))
  // A dropped article keeps its place among the others (the owner may take it back in).
  const all = arrangeArticles(articles, { ...plan, dropped: [] })
  return all.map((a) => ({ ...a, included: kept.has(a.id) }))
}

/** The intro's paragraphs: split at blank lines, each line's spaces tidied. */
export const introParagraphs = (intro: string): string[] =>
  intro
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/[ \t]+/g, ' ').trim())
    .filter((p) => p !== '')

/** The postal address's lines, as the footer writes them. */
export const addressLines = (address: string): string[] =>
  address
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')

const ids = (message: string) =>
  z
    .array(z.number({ message }).int(message).positive(message).max(2_147_483_647, message), { message })
    .max(500, message)

/** PUT /api/admin/newsletter/next-digest: the owner's intro, order and left-out articles. */
export const digestPlanContract = formContract(
  z.object({
    intro: z
      .string({ message: 'The intro must be text.' })
      .max(DIGEST_INTRO_MAX, `The intro can be at most ${DIGEST_INTRO_MAX} characters.`),
    order: ids('The order must be a list of article ids.'),
    dropped: ids('The articles left out must be a list of article ids.'),
  }),
  'Error',
)

/** PUT /api/admin/newsletter/postal-address: the sender's postal address for the digest's footer. */
export const postalAddressContract = formContract(
  z.object({
    postalAddress: z
      .string({ message: 'The postal address must be text.' })
      .trim()
      .max(POSTAL_ADDRESS_MAX, `The postal address can be at most ${POSTAL_ADDRESS_MAX} characters.`),
  }),
  'Error',
)

/** A stored plan read back: anything malformed counts as no plan (the digest goes out as the period's articles). */
export function readPlan(stored: string | undefined): DigestPlan {
  if (!stored) return EMPTY_PLAN
  try {
    const parsed = digestPlanContract.schema.safeParse(JSON.parse(stored))
    return parsed.success ? parsed.data : EMPTY_PLAN
  } catch {
    return EMPTY_PLAN
  }
}
