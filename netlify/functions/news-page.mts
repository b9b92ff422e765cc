import type { Config, Context } from '@netlify/functions'
import { getNews } from '../../src/server/repos/news.repo.ts'

/**
 * /news/<id> for an article published after the last build (docs/decisions/0204): deploys are
 * spaced out to keep within the month's deploy budget, and a new article must not answer 404
 * meanwhile. Built pages win (`preferStatic`); for a published article without one, this answers
 * 200 with the shell of src/pages/news/fresh.astro, which reads the article from the API. Any other
 * id gets the 'Article Not Found' page with 404, as the /news/* rule of netlify.toml gives it.
 */
export default async (request: Request, context: Context): Promise<Response> => {
  const origin = new URL(request.url).origin
  const id = context.params.id ?? ''
  const article = /^\d{1,9}$/.test(id) ? await getNews(Number(id)) : undefined
  const page = await fetch(`${origin}${article ? '/news/fresh/' : '/news-not-found/'}`)
  return new Response(page.body, {
    status: article ? 200 : 404,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
      // Kept by the CDN until the news changes (a publish purges the tag) or the next deploy.
      'Netlify-CDN-Cache-Control': 'public, durable, s-maxage=300',
      'Netlify-Cache-Tag': 'news',
    },
  })
}

export const config: Config = { path: '/news/:id', preferStatic: true }
