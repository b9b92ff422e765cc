import { newsPageCount } from '../../lib/news-pages.ts'
import { countNews, highestNewsId } from '../repos/news.repo.ts'

/**
 * Which `/news/{id}` and `/news/page/{n}` can be pages (docs/decisions/0702): an id up to the
 * highest ever handed out (a deleted or unpublished one is a content 404, kept at the CDN under the
 * id's tag), a page number up to the list's last page. Known per function instance and read again
 * only for a request beyond what it knows, so an article created a moment ago is found at once and
 * a junk id costs one small query, never a render.
 */
export interface NewsRange {
  mayHoldArticle(id: number): Promise<boolean>
  mayHoldPage(page: number): Promise<boolean>
}

export interface NewsRangeSources {
  highestId: () => Promise<number>
  publishedCount: () => Promise<number>
}

/** One read at a time: the requests that arrive while it runs share its answer. */
function shared(read: () => Promise<number>): () => Promise<number> {
  let running: Promise<number> | undefined
  return () => (running ??= read().finally(() => (running = undefined)))
}

export function newsRange(
  sources: NewsRangeSources = { highestId: highestNewsId, publishedCount: () => countNews() },
): NewsRange {
  const readHighestId = shared(sources.highestId)
  const readLastPage = shared(async () => newsPageCount(await sources.publishedCount()))
  let highestId = 0
  let lastPage = 0
  return {
    async mayHoldArticle(id) {
      if (id <= highestId) return true
      highestId = await readHighestId()
      return id <= highestId
    },
    async mayHoldPage(page) {
      if (page <= lastPage) return true
      lastPage = await readLastPage()
      return page <= lastPage
    },
  }
}
