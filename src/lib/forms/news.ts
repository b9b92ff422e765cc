import { z } from 'zod'
import { formContract } from './contract.ts'
import { dateFrom, MAX_HTML, nullableUrl, optionalDate, optionalImageUrl, requiredText, textOr } from './fields.ts'

export const newsRequiredMessage = 'Please fill in the title, content and author.'

/** Autosave is for drafts: a published article changes only with Update Article (decision 0511). */
export const newsAutosaveMessage = 'This article is published: it is saved only when you click Update Article.'

/** The 400 of an edit that does not say which version it changes (issue 42: it overwrote newer ones unseen). */
export const newsBaseMissingMessage =
  'This save does not say which version of the article it changes (baseUpdatedAt). Reload the article and save again.'

/** The 400 of an address with no letter or digit to make words of (docs/decisions/0871). */
export const newsSlugMessage = 'The address needs at least one letter or digit (a-z, 0-9).'

/** The 409 of an edit whose article changed after the editor read it. */
export const newsConflictMessage =
  'This article was changed in another tab or window after you opened it. Reload it to see those changes, or overwrite them with yours.'

/**
 * The news form's body (spec 001 section 5: title, content and author). The excerpt is computed
 * from the content and the HTML sanitized by the route; drafts are published only through their
 * own route (or by the scheduler at their publish time), and the AI label and sources come only from the generator (decision 0403), so those
 * fields are not part of the body and an edit cannot forge them.
 */
export const newsContract = formContract(
  z.object({
    title: requiredText(newsRequiredMessage, 300, 'The title'),
    // The words of the article's address (docs/decisions/0871): as the owner typed them, made a slug
    // by the route; empty makes them from the title again.
    slug: z.string({ message: 'The address must be text.' }).max(200, 'The address is too long.').optional(),
    content: requiredText(newsRequiredMessage, MAX_HTML, 'The content'),
    author: requiredText(newsRequiredMessage, 200, 'The author'),
    category: textOr('News', 100, 'The category').optional(),
    imageUrl: optionalImageUrl().optional(),
    sourceUrl: nullableUrl('The source URL').optional(),
    contentType: z
      .enum(['motorsport', 'e-sports'], { message: 'The content type must be motorsport or e-sports.' })
      .optional(),
    timestamp: dateFrom('The date').optional(),
    // 'draft' keeps a new article off the site; a new article is published otherwise.
    status: z.enum(['draft', 'published'], { message: 'The status must be draft or published.' }).optional(),
    // Set: the article is a draft the scheduler publishes then (null clears it; decision 0115).
    publishAt: optionalDate('The publish time').optional(),
    // An edit's: the updatedAt of the copy the editor started from. When the article changed since
    // (another tab saved it), the save is refused with a 409 (decision 0511).
    baseUpdatedAt: dateFrom('The version').optional(),
    // Sent by the editor's autosave (drafts only; decision 0511).
    autosave: z.boolean({ message: 'autosave must be true or false.' }).optional(),
  }),
  'Missing Information',
)

export type NewsBody = z.input<typeof newsContract.schema>
export type NewsValues = z.output<typeof newsContract.schema>
