import { Dialog } from 'radix-ui'
import { NewsArticle } from '../../public/news-article.tsx'
import type { AdminNews } from '../shared/types.ts'

const dialogClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(52rem,96vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-ink p-6'

/**
 * The owner's Preview: the article rendered by the public page's own component (news-article.tsx),
 * default picture included, behind the admin session. A draft is shown dated when it will be
 * published (its publish time, or now). The body is the stored HTML, which the server sanitized
 * with the article allow-list when it was written.
 */
export function ArticlePreview({ article }: { article: AdminNews }) {
  const live = article.status === 'published'
  const timestamp = live ? article.timestamp : (article.publishAt ?? new Date())
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button type="button" className="btn-outline" aria-label={`Preview ${article.title}`}>
          Preview
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className={dialogClass} aria-describedby={undefined}>
          <div className="mb-4 flex items-center justify-between gap-4">
            <p className="text-sm text-amber-200">
              {live ? 'Preview: as on the site.' : 'Preview: not on the site until it is published.'}
            </p>
            <Dialog.Close className="btn-outline">Close</Dialog.Close>
          </div>
          <article className="mx-auto max-w-3xl">
            <NewsArticle
              article={{ ...article, timestamp }}
              html={article.content}
              renderTitle={(title) => <Dialog.Title asChild>{title}</Dialog.Title>}
            />
          </article>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
