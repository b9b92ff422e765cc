import { describe, expect, it } from 'vitest'
import {
  addressLines,
  arrangeArticles,
  digestPlanContract,
  EMPTY_PLAN,
  heldForPostalAddress,
  introParagraphs,
  planRows,
  POSTAL_ADDRESS_REQUIRED_FROM,
  readPlan,
} from './digest-plan.ts'

// The period's articles as the digest finds them: newest first.
const articles = [5, 4, 3, 2].map((id) => ({ id, title: `Article ${id}` }))
const ids = (list: { id: number }[]) => list.map((a) => a.id)

describe("the owner's shape of the next digest (decision 0874)", () => {
  it("without a plan, the period's articles newest first", () => {
    expect(ids(arrangeArticles(articles, EMPTY_PLAN))).toEqual([5, 4, 3, 2])
  })

  it("the owner's order first; an article published since follows, newest first; dropped ones out", () => {
    const plan = { intro: '', order: [2, 4, 3], dropped: [4] }
    expect(ids(arrangeArticles(articles, plan))).toEqual([2, 3, 5])
    // The panel's rows keep the dropped article in its place, marked out.
    expect(planRows(articles, plan).map((r) => `${r.id}${r.included ? '' : '-'}`)).toEqual(['2', '4-', '3', '5'])
  })

  it('ignores ids that are not in the period, and an id given twice', () => {
    expect(ids(arrangeArticles(articles, { intro: '', order: [99, 3, 3], dropped: [77] }))).toEqual([3, 5, 4, 2])
  })

  it('holds a digest without a postal address once the list reaches the line', () => {
    expect(heldForPostalAddress(POSTAL_ADDRESS_REQUIRED_FROM - 1, '')).toBe(false)
    expect(heldForPostalAddress(POSTAL_ADDRESS_REQUIRED_FROM, '')).toBe(true)
    expect(heldForPostalAddress(POSTAL_ADDRESS_REQUIRED_FROM, '  \n ')).toBe(true)
    expect(heldForPostalAddress(POSTAL_ADDRESS_REQUIRED_FROM * 10, '1 Pit Lane')).toBe(false)
  })

  it('writes the intro as paragraphs and the address as lines', () => {
    expect(introParagraphs('One\r\nline  two\n\n\n Next  ')).toEqual(['One\nline two', 'Next'])
    expect(introParagraphs('  ')).toEqual([])
    expect(addressLines('SimRacing Hub\r\n\n 1 Pit Lane ')).toEqual(['SimRacing Hub', '1 Pit Lane'])
  })

  it("refuses a plan in the owner's words, and reads a stored one back safely", () => {
    expect(
      digestPlanContract.schema.safeParse({ intro: 'x'.repeat(2001), order: [], dropped: [] }).error?.issues[0]
        ?.message,
    ).toBe('The intro can be at most 2000 characters.')
    expect(digestPlanContract.schema.safeParse({ intro: '', order: [1.5], dropped: [] }).success).toBe(false)
    expect(readPlan('{"intro":"Hi","order":[3],"dropped":[]}')).toEqual({ intro: 'Hi', order: [3], dropped: [] })
    expect(readPlan('not json')).toEqual(EMPTY_PLAN)
    expect(readPlan('{"intro":5}')).toEqual(EMPTY_PLAN)
    expect(readPlan(undefined)).toEqual(EMPTY_PLAN)
  })
})
