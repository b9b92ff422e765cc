import { describe, expect, it } from 'vitest'
import { ISLAND_STYLE_ELEMENT, removing, withoutIslandStyle } from './island-style.ts'

async function through(chunks: string[]): Promise<string> {
  const source = new ReadableStream<string>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
  let out = ''
  const reader = source.pipeThrough(removing(ISLAND_STYLE_ELEMENT)).getReader()
  for (let r = await reader.read(); !r.done; r = await reader.read()) out += r.value
  return out
}

const page = `<html><head><style>a{}</style></head><body><main>${ISLAND_STYLE_ELEMENT}<script>1</script><astro-island></astro-island></main></body></html>`
const expected =
  '<html><head><style>a{}</style></head><body><main><script>1</script><astro-island></astro-island></main></body></html>'

describe('the island style element taken out of a page (issue 44)', () => {
  it('wherever the stream splits the page, into two or into single characters', async () => {
    for (let cut = 0; cut <= page.length; cut++) {
      expect(await through([page.slice(0, cut), page.slice(cut)]), `cut at ${cut}`).toBe(expected)
    }
    expect(await through([...page])).toBe(expected)
  })

  it('keeps a page without it, and text that only begins like it, as they are', async () => {
    const text = '<body><style>astro-island{}</style><p>a < b</p><sty'
    expect(await through([text.slice(0, 10), text.slice(10)])).toBe(text)
  })

  it('changes HTML answers only, and drops their length', async () => {
    const html = withoutIslandStyle(
      new Response(page, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'x-kept': '1' } }),
    )
    expect(html.status).toBe(404)
    expect(html.headers.get('x-kept')).toBe('1')
    expect(html.headers.get('content-length')).toBeNull()
    expect(await html.text()).toBe(expected)
    const json = new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json' } })
    expect(withoutIslandStyle(json)).toBe(json)
  })
})
