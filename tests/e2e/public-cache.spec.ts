import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test'
import { renderIdOf } from '../../src/server/http/render-timing.ts'

/**
 * Issue 31, item 4 (docs/decisions/0702): nobody gets around the CDN, and junk addresses neither
 * render nor fill it. Through the served site (the CDN stand-in in front of the functions), renders
 * are counted from outside: an answer a page or the API rendered carries its own
 * `Server-Timing: render` id, and a copy repeats the id of the render it keeps.
 */
const rendersBehind = (answers: APIResponse[]) =>
  new Set(answers.map((a) => renderIdOf(a.headers()['server-timing'])).filter(Boolean)).size

/** `paths` requested `at once` at a time, in order. */
async function getAll(
  request: APIRequestContext,
  paths: string[],
  options: Parameters<APIRequestContext['get']>[1] = {},
  atOnce = 20,
) {
  const answers: APIResponse[] = []
  for (let i = 0; i < paths.length; i += atOnce) {
    answers.push(...(await Promise.all(paths.slice(i, i + atOnce).map((path) => request.get(path, options)))))
  }
  return answers
}

test('a made-up session cookie is served the one kept copy: 200 requests render at most once', async ({ request }) => {
  // A search nobody asked for yet is rendered exactly once: the count sees renders.
  const unseen = `/api/news?search=${encodeURIComponent(`cookie test ${Date.now()}`)}`
  for (const [path, renders] of [
    ['/news', 'at most one'],
    ['/api/news', 'at most one'],
    [unseen, 'one'],
  ] as const) {
    const answers: APIResponse[] = []
    for (let i = 0; i < 200; i++) {
      const cookie = `admin_session=${i % 2 ? 'x' : `made-up-${i}`}; theme=dark`
      answers.push(await request.get(path, { headers: { cookie } }))
    }
    expect(
      answers.map((a) => a.status()).filter((s) => s !== 200),
      path,
    ).toEqual([])
    if (renders === 'one') expect(rendersBehind(answers), path).toBe(1)
    else expect(rendersBehind(answers), path).toBeLessThanOrEqual(1)
    expect(
      answers.filter((a) => 'set-cookie' in a.headers()),
      path,
    ).toEqual([])
    expect(answers.at(-1)!.headers()['cache-control'], path).toBe('public, max-age=0, must-revalidate')
  }
})

test('1,000 junk addresses under /news/ render a handful of times and leave nothing at the CDN', async ({
  request,
}) => {
  const junk = Array.from(
    { length: 1000 },
    (_, i) =>
      [
        `/news/junk-${i}`,
        `/news/${900_000_000 + i}`,
        `/news/page/${90_000 + i}`,
        `/news/page/x${i}`,
        // An id with words is an article's address (decision 0871): one more level is nothing.
        `/news/${i + 1}/comments/x`,
      ][i % 5]!,
  )
  const answers = await getAll(request, junk)
  expect(answers.map((a) => a.status()).filter((s) => s !== 404)).toEqual([])
  expect(rendersBehind(answers)).toBeLessThanOrEqual(5)
  // None was kept: the CDN's memory does not grow with junk.
  expect(answers.filter((a) => /stored=true/.test(a.headers()['cache-status'] ?? ''))).toEqual([])
  expect(await answers[0]!.text()).toContain('Article Not Found')
  expect(await answers[2]!.text()).toContain('404 Page Not Found')
})

test('the spellings of a page lead to its one address (301, query kept), whatever Host or Forwarded say', async ({
  request,
}) => {
  const [article] = (await (await request.get('/api/news?limit=1')).json()) as { id: number; slug: string }[]
  const id = article!.id
  const total = Number((await request.get('/api/news?limit=1')).headers()['x-total-count'])
  const spellings: [string, string][] = [
    ['/news/', '/news'],
    ['/%6Eews', '/news'],
    ['/%6eews?search=rain', '/news?search=rain'],
    [`/news/${id}/`, `/news/${id}`],
    [`/news/00${id}`, `/news/${id}`],
    [`/news/00${id}/some-words/`, `/news/${id}/some-words`],
    [`/news/${[...String(id)].map((d) => `%3${d}`).join('')}`, `/news/${id}`],
    ['/news/page/1?utm_source=x', '/news?utm_source=x'],
    ['/news/page/01/', '/news'],
    ['/games/', '/games'],
  ]
  if (total > 24) spellings.push(['/news/page/02', '/news/page/2'])
  const poison = { 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example', 'x-original-url': '/admin' }
  const answers = await getAll(
    request,
    spellings.map(([from]) => from),
    { maxRedirects: 0, headers: poison },
  )
  for (const [i, [from, to]] of spellings.entries()) {
    expect(answers[i]!.status(), from).toBe(301)
    expect(answers[i]!.headers()['location'], from).toBe(to)
    expect(renderIdOf(answers[i]!.headers()['server-timing']), from).toBeUndefined()
  }
  // Followed, each lands on the page itself, at its address with words (decision 0871).
  expect((await request.get(`/news/00${id}`)).url()).toMatch(new RegExp(`/news/${id}/${article!.slug}$`))
})

test('an article has one address with its words: /news/{id} and any other slug lead there by 301, the CDN keeps one page', async ({
  request,
}) => {
  const [article] = (await (await request.get('/api/news?limit=1')).json()) as { id: number; slug: string }[]
  const address = `/news/${article!.id}/${article!.slug}`
  const stored = (a: APIResponse) => /stored=true/.test(a.headers()['cache-status'] ?? '')

  // The spec's address and every link shared before slugs, another slug, a link with its tags: a
  // 301, the query kept (the tags name the reader's source), never kept at the CDN (a kept one
  // would drop the tags: the CDN keys pages without them).
  const bare = await request.get(`/news/${article!.id}`, { maxRedirects: 0 })
  expect(bare.status()).toBe(301)
  expect(bare.headers()['location']).toBe(address)
  const others = await getAll(
    request,
    [...['old-words', 'Le-Mans', 'x'].map((slug) => `/news/${article!.id}/${slug}`), `/news/${article!.id}`].map(
      (path) => `${path}?utm_source=discord&utm_medium=social`,
    ),
    { maxRedirects: 0 },
  )
  for (const a of others) {
    expect(a.status()).toBe(301)
    expect(a.headers()['location']).toBe(`${address}?utm_source=discord&utm_medium=social`)
    expect(stored(a)).toBe(false)
  }

  // The page itself, rendered once and kept.
  const pages = await getAll(request, Array(3).fill(address), {}, 1)
  expect(pages.map((p) => p.status())).toEqual([200, 200, 200])
  expect(rendersBehind(pages)).toBeLessThanOrEqual(1)
  expect(await pages[0]!.text()).toContain(`<link rel="canonical" href="${new URL(address, pages[0]!.url()).href}"`)
})
