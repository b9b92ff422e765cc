import { longDateTime, shortDate } from '../../lib/dates.ts'
import { categoryLabel } from '../../lib/news-category.ts'
import { IMAGE_NOT_FOUND, responsiveImage } from '../../lib/images.ts'
import { newsImageUrl } from '../../lib/news-image.ts'

interface Article {
  id: number
  title: string
  content: string
  imageUrl: string
  category: string
  author: string
  timestamp: string
}

/**
 * Fills the shell of src/pages/news/fresh.astro with the article its address names, read from the
 * API. The article's HTML was sanitized with the allow-list when it was written.
 */
export async function fillFreshArticle(root: HTMLElement): Promise<void> {
  const show = (state: 'loading' | 'ready' | 'missing') => {
    for (const el of root.querySelectorAll<HTMLElement>('[data-state]')) el.hidden = el.dataset.state !== state
  }
  const field = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-field="${name}"]`)!
  const id = /^\/news\/(\d{1,9})\/?$/.exec(location.pathname)?.[1]
  const response = id ? await fetch(`/api/news/${id}`).catch(() => undefined) : undefined
  if (!response?.ok) return show('missing')
  const article = (await response.json()) as Article
  const when = new Date(article.timestamp)
  document.title = `${article.title} – SimRacing Hub`
  const image = field<HTMLImageElement>('image')
  image.src = responsiveImage(newsImageUrl(article)).src
  image.onerror = () => (image.src = IMAGE_NOT_FOUND)
  field('category').textContent = categoryLabel(article.category)
  field('date').textContent = shortDate(when)
  field('date').setAttribute('datetime', when.toISOString())
  field('author').textContent = article.author
  field('title').textContent = article.title
  field('body').innerHTML = article.content
  field('published-by').textContent = `Published by ${article.author}`
  field('long-date').textContent = longDateTime(when)
  show('ready')
}
