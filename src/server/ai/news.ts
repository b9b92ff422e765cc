import { z } from 'zod'
import {
  categoryFor,
  countWords,
  MIN_SOURCES,
  MIN_WORD_SHARE,
  wordCountFor,
  type ContentType,
} from '../../lib/ai-news.ts'
import { excerptFromHtml, htmlToText } from '../../lib/excerpt.ts'
import { sanitizeArticleHtml } from '../../lib/sanitize-article.ts'
import { insertNews, type NewsArticle } from '../repos/news.repo.ts'
import type { Platform } from '../platform.ts'
import { searchStructured } from './perplexity.ts'

export const AI_AUTHOR = 'SimRacing Hub AI Desk'

/**
 * Output tokens an article of `words` words may use: about 1.4 tokens a word in English, twice that
 * for its HTML and JSON escaping, and 2,000 for the title, the sources and the JSON around them.
 */
export const newsMaxOutputTokens = (words: number): number => 2_000 + words * 3

export interface NewsRequest {
  championshipName: string
  contentType: ContentType
  /** Unset: the content type's preset (350 e-sports, 400 motorsport). */
  wordCount?: number
  contentPrompt?: string
  focusPrompt?: string
  /** Ledger feature: 'news', 'bulk-news', 'scheduled-news', 'test-news'. */
  feature?: string
}

const articleSchema = z.object({
  title: z.string().trim().min(5).max(300),
  content: z.string().trim().min(1).max(100_000),
  sources: z.array(z.string()).optional(),
})
type GeneratedArticle = z.infer<typeof articleSchema>

const articleJsonSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', description: 'Headline starting with the championship name and a colon.' },
    content: { type: 'string', description: 'The article as HTML: p, h2, h3, ul, li, strong, em. No links or images.' },
    sources: { type: 'array', items: { type: 'string' }, description: 'URLs of the pages the article is based on.' },
  },
  required: ['title', 'content', 'sources'],
  additionalProperties: false,
}

function prompt(request: NewsRequest, words: number): { instructions: string; input: string } {
  const kind = request.contentType === 'e-sports' ? 'sim racing / e-sports' : 'real-world motorsport'
  const instructions = [
    `You are a ${kind} journalist writing for SimRacing Hub.`,
    "Write only from facts in this week's search results; never invent results, quotes or numbers.",
    `Write about ${words} words. Title format: "<championship>: <headline>".`,
    request.contentPrompt?.trim(),
  ]
    .filter(Boolean)
    .join(' ')
  const input = [
    `Write a news article about the latest from the ${request.championshipName}.`,
    request.focusPrompt?.trim() ? `Focus: ${request.focusPrompt.trim()}` : '',
    'Answer with the JSON object only, listing the URLs you used in "sources".',
  ]
    .filter(Boolean)
    .join('\n')
  return { instructions, input }
}

export interface GeneratedNews {
  article: NewsArticle
  sources: string[]
}

/**
 * Researches and writes one article with Perplexity and stores it as a draft for the owner to
 * review: sanitized HTML, its sources kept (at least two, or the answer is refused and asked
 * again once), labelled AI-generated. The insert is one statement: a failure stores nothing.
 */
export async function generateChampionshipNews(platform: Platform, request: NewsRequest): Promise<GeneratedNews> {
  const words = wordCountFor(request.contentType, request.wordCount)
  const { instructions, input } = prompt(request, words)
  const { value, sources } = await searchStructured<GeneratedArticle>(platform.ai, {
    feature: request.feature ?? 'news',
    instructions,
    input,
    schemaName: 'championship_news',
    jsonSchema: articleJsonSchema,
    schema: articleSchema,
    recency: 'week',
    maxOutputTokens: newsMaxOutputTokens(words),
    check: (article, found) => {
      if (found.length < MIN_SOURCES)
        return `the article cites ${found.length} source(s); at least ${MIN_SOURCES} are required`
      const text = htmlToText(sanitizeArticleHtml(article.content))
      const count = countWords(text)
      if (count < words * MIN_WORD_SHARE) return `the article has ${count} words; about ${words} were asked for`
      return undefined
    },
  })
  const content = sanitizeArticleHtml(value.content)
  const article = await insertNews({
    title: htmlToText(value.title).slice(0, 300),
    content,
    excerpt: excerptFromHtml(content),
    author: AI_AUTHOR,
    category: categoryFor(request.contentType),
    contentType: request.contentType,
    imageUrl: '',
    sourceUrl: sources[0] ?? null,
    sources,
    aiGenerated: true,
    status: 'draft',
  })
  return { article, sources }
}
