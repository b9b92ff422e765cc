import { BEACON_PATH, COUNT_ATTRIBUTE } from '../../lib/audience/beacon.ts'

const UTM = ['utm_source', 'utm_medium', 'utm_campaign'] as const

/**
 * Counts this page view (docs/decisions/0850): pages are kept at the CDN, so the server never sees
 * most visits, and this beacon is how one is counted. No cookie, no storage, nothing about the
 * reader but what every request carries: the path, the campaign's UTM parameters, where the reader
 * came from (the other site's origin only) and the width the page was laid out at.
 *
 * Sent only when the page says so (the owner's switch and "one view in N", on `<body>`); never
 * from a browser asking not to be tracked (Global Privacy Control); a prerendered page waits until
 * the reader actually sees it, and a sampled-out view sends nothing at all (no function call).
 * It is sent once the page has loaded; a reader gone before that is not counted.
 */
export function initPageView(): void {
  const oneIn = Number(document.body.getAttribute(COUNT_ATTRIBUTE))
  if (!Number.isInteger(oneIn) || oneIn < 1) return
  if ((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl) return
  const send = () => {
    if (oneIn > 1 && Math.random() * oneIn >= 1) return
    const params = new URLSearchParams(location.search)
    const campaign = new URLSearchParams()
    for (const name of UTM) {
      const value = params.get(name)
      if (value) campaign.set(name, value.slice(0, 200))
    }
    const query = campaign.toString()
    let referrer: string | undefined
    try {
      referrer = document.referrer ? new URL(document.referrer).origin : undefined
    } catch {
      referrer = undefined
    }
    const body = JSON.stringify({ u: `${location.pathname}${query ? `?${query}` : ''}`, r: referrer, w: innerWidth })
    navigator.sendBeacon?.(BEACON_PATH, body)
  }
  // Once the page has loaded: on a slow phone a request sent earlier competes with the page's own
  // images, the largest paint among them.
  const afterLoad = () => (document.readyState === 'complete' ? send() : addEventListener('load', send, { once: true }))
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', afterLoad, { once: true })
  } else afterLoad()
}
