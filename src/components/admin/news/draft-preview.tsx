import { Dialog } from 'radix-ui'
import { longDateTime } from '../../../lib/dates.ts'
import type { AdminNews } from '../shared/types.ts'
import { SourcesList } from './sources-list.tsx'

const dialogClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(48rem,96vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-ink p-6'

/**
 * The owner's preview of a draft: the article as its page will show it (image, AI-assisted label,
 * body, Sources), seen only here, behind the admin session, until it is published. The body is the
 * stored HTML, which the server sanitized with the article allow-list when it was written.
 */
export function DraftPreview({ article }: { article: AdminNews }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button type="button" className="btn-outline mt-2" aria-label={`Preview ${article.title}`}>
          Preview
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className={dialogClass} aria-describedby={undefined}>
          <div className="mb-4 flex items-center justify-between gap-4">
            <p className="text-sm text-amber-200">Preview: not on the site until you publish it.</p>
            <Dialog.Close className="btn-outline">Close</Dialog.Close>
          </div>
          <article>
            {article.imageUrl && (
              <img src={article.imageUrl} alt="" className="mb-6 aspect-video w-full rounded-xl object-cover" />
            )}
            <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-gray-300">
              <span>{article.category}</span>
              {article.aiGenerated && <span className="rounded bg-gray-700 px-2 py-0.5">AI-assisted</span>}
              <span>{article.author}</span>
            </div>
            <Dialog.Title className="mb-6 text-3xl leading-tight font-black text-white">{article.title}</Dialog.Title>
            <div className="article-body" dangerouslySetInnerHTML={{ __html: article.content }} />
            {article.sources.length > 0 && (
              <section className="mt-8 rounded-xl border border-line p-5">
                <h3 className="mb-3 text-lg font-bold text-white">Sources</h3>
                <SourcesList sources={article.sources} />
              </section>
            )}
            <p className="mt-8 text-sm text-gray-300">Written {longDateTime(article.timestamp)}</p>
          </article>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
