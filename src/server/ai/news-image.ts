import { championshipNameFromTitle } from '../../lib/championship-name.ts'
import { actorOfFeature } from '../../lib/revisions.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { getNews, updateNews, type NewsArticle } from '../repos/news.repo.ts'
import type { Platform } from '../platform.ts'
import { generateImage } from './openai.ts'

/**
 * A new AI image for an article (spec 001: generate AI image): the championship comes from the
 * request or, as the panel does, from the title before the colon with a 4-digit year removed.
 * The image is stored in Blobs and the article keeps our /media URL.
 */
export async function generateNewsImage(
  platform: Platform,
  id: number,
  requestedName?: string,
  feature = 'image',
): Promise<NewsArticle> {
  const article = await getNews(id, { includeDrafts: true })
  if (!article) throw notFound('Article not found')
  const championship = requestedName?.trim() || championshipNameFromTitle(article.title)
  if (!championship) throw badRequest('Please enter a championship name to generate an image.')
  const prompt =
    `A dramatic, photorealistic motorsport image for a news article about the ${championship}: ` +
    'race cars at speed on track, wide landscape framing, no text, no logos, no real people’s faces.'
  const imageUrl = await generateImage(platform, prompt, feature)
  const updated = await updateNews(id, { imageUrl }, { actor: actorOfFeature(feature), summary: 'New AI image' })
  if (!updated) throw notFound('Article not found')
  return updated
}
