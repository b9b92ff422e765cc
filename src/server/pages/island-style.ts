/**
 * The style Astro writes into the body with a page's first island (`display: contents` for its
 * island elements). HTML allows `<style>` in the head only: the Nu HTML Checker reported it on 8 of
 * 12 public pages (issue 44). The same rule is in src/styles/global.css, which every page loads in
 * its head, so the element is taken out of the page as it streams (decision 0870).
 */
export const ISLAND_STYLE_ELEMENT = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>'

/** An HTML answer without the island style element; any other answer as it is. */
export function withoutIslandStyle(response: Response): Response {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response
  const headers = new Headers(response.headers)
  // The body gets shorter.
  headers.delete('content-length')
  const body = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(removing(ISLAND_STYLE_ELEMENT))
    .pipeThrough(new TextEncoderStream())
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}

/**
 * A text stream with every `needle` taken out, wherever the chunks split it: the end of a chunk
 * that could begin the needle waits for the next chunk.
 */
export function removing(needle: string): TransformStream<string, string> {
  let held = ''
  return new TransformStream({
    transform(chunk, controller) {
      const text = (held + chunk).replaceAll(needle, '')
      const keep = startOfNeedleAtEnd(text, needle)
      held = text.slice(text.length - keep)
      if (text.length > keep) controller.enqueue(text.slice(0, text.length - keep))
    },
    flush(controller) {
      if (held) controller.enqueue(held)
    },
  })
}

/** How many characters at the end of `text` are the first characters of `needle` (fewer than all). */
function startOfNeedleAtEnd(text: string, needle: string): number {
  for (let k = Math.min(needle.length - 1, text.length); k > 0; k--) {
    if (text.endsWith(needle.slice(0, k))) return k
  }
  return 0
}
