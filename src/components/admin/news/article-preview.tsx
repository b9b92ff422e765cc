import { Dialog } from 'radix-ui'
import { useMemo, useState } from 'react'
import { sanitizeArticleHtmlInBrowser } from '../../../lib/sanitize-article-dom.ts'
import { NewsArticle } from '../../public/news-article.tsx'
import type { AdminNews } from '../shared/types.ts'

const dialogClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(52rem,96vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-ink p-6'

/** What the preview needs of an article: the public page's fields. */
export type PreviewArticle = Pick<
  AdminNews,
  | 'title'
  | 'imageUrl'
  | 'category'
  | 'author'
  | 'aiGenerated'
  | 'sources'
  | 'status'
  | 'timestamp'
  | 'publishAt'
  | 'content'
>

/**
 * The owner's Preview: the article rendered by the public page's own component (news-article.tsx),
 * default picture included, behind the admin session. A draft is shown dated when it will be
 * published (its publish time, or now). The body is the stored HTML, which the server sanitized
 * with the article allow-list when it was written, sanitized again here before it is rendered
 * (issue 31: HTML that reached the database some other way must not run in the panel). Controlled:
 * the row menu opens it.
 */
export function PreviewDialog({
  article,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  article: PreviewArticle
  open: boolean
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus?: (event: Event) => void
}) {
  const live = article.status === 'published'
  const timestamp = live ? article.timestamp : (article.publishAt ?? new Date())
  const html = useMemo(() => (open ? sanitizeArticleHtmlInBrowser(article.content) : ''), [open, article.content])
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className={dialogClass} aria-describedby={undefined} onCloseAutoFocus={onCloseAutoFocus}>
          <div className="mb-4 flex items-center justify-between gap-4">
            <p className="text-sm text-amber-200">
              {live ? 'Preview: as on the site.' : 'Preview: not on the site until it is published.'}
            </p>
            <Dialog.Close className="btn-outline">Close</Dialog.Close>
          </div>
          <article className="mx-auto max-w-3xl">
            <NewsArticle
              article={{ ...article, timestamp }}
              html={html}
              renderTitle={(title) => <Dialog.Title asChild>{title}</Dialog.Title>}
            />
          </article>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** A 'Preview' button and its dialog (the drafts to review). */
export function ArticlePreview({ article }: { article: AdminNews }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="btn-outline"
        aria-label={`Preview ${article.title}`}
        onClick={() => setOpen(true)}
      >
        Preview
      </button>
      <PreviewDialog article={article} open={open} onOpenChange={setOpen} />
    </>
  )
}
