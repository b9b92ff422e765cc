/**
 * An answer rendered once per function instance and then served as it is (docs/decisions/0702): the
 * not-found pages of addresses that can never hold a page (junk under `/news/`, a page past the
 * last). Every such address is an answer of its own at the CDN, so they are not kept there (a
 * million junk paths would be a million copies); rendering each would make them a way around the
 * CDN. The page does not change with the address, so one render per instance serves them all.
 *
 * Only a 404 is kept: a render that failed (the database away) is handed to the requests that waited
 * for it, and the next request tries again.
 */
interface Kept {
  status: number
  headers: [string, string][]
  body: Uint8Array
}

export function renderedOnce<Kind extends string>() {
  const answers = new Map<Kind, Promise<Kept>>()
  return async function answer(kind: Kind, render: () => Promise<Response>): Promise<Response> {
    let pending = answers.get(kind)
    if (!pending) {
      pending = render().then(async (res) => ({
        status: res.status,
        headers: [...res.headers],
        body: new Uint8Array(await res.arrayBuffer()),
      }))
      answers.set(kind, pending)
    }
    let kept: Kept
    try {
      kept = await pending
    } catch (error) {
      if (answers.get(kind) === pending) answers.delete(kind)
      throw error
    }
    if (kept.status !== 404 && answers.get(kind) === pending) answers.delete(kind)
    return new Response(kept.body.slice(), { status: kept.status, headers: kept.headers })
  }
}
