import { lazy, memo, Suspense, useId } from 'react'
import { unsupportedTag } from '../../../lib/article-markup.ts'
import { TextareaField } from '../../ui/textarea-field.tsx'

/** The visual editor is its own chunk (Tiptap): fetched when a form opens, never with the panel. */
export const loadArticleEditor = () => import('./editor/article-editor.tsx')
const ArticleEditor = lazy(loadArticleEditor)

export type ContentView = 'visual' | 'html'

interface Props {
  value: string
  onChange: (html: string) => void
  view: ContentView
  onViewChange: (view: ContentView) => void
}

/**
 * The article's content: the visual editor, or its HTML source (a toggle; decision 0510). An
 * article holding markup the visual editor would drop (a table...) stays in the HTML view, so
 * that no edit loses it. Memoised: typing in another field does not render the editor.
 */
export const ContentField = memo(function ContentField({ value, onChange, view, onViewChange }: Props) {
  const labelId = useId()
  const blocked = view === 'html' ? unsupportedTag(value) : null
  const choice = (to: ContentView, text: string) => (
    <button
      type="button"
      className={`rounded px-3 py-1 text-sm ${view === to ? 'bg-gray-200 text-ink' : 'text-gray-200 hover:bg-line'}`}
      aria-pressed={view === to}
      disabled={to === 'visual' && blocked !== null}
      onClick={() => onViewChange(to)}
    >
      {text}
    </button>
  )
  return (
    <div className="flex min-w-0 flex-col gap-1.5 md:col-span-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* The HTML view's textarea has its own label, 'Content (HTML)'. */}
        <span id={labelId} className="text-sm font-semibold text-gray-200">
          {view === 'visual' ? 'Content' : ''}
        </span>
        <div role="group" aria-label="Content view" className="flex gap-1 rounded-lg border border-line p-0.5">
          {choice('visual', 'Visual')}
          {choice('html', 'HTML source')}
        </div>
      </div>
      {view === 'visual' ? (
        <Suspense
          fallback={
            <p className="flex min-h-80 items-center justify-center rounded-lg border border-line text-gray-300">
              Loading the editor...
            </p>
          }
        >
          <ArticleEditor value={value} onChange={onChange} labelId={labelId} />
        </Suspense>
      ) : (
        <TextareaField label="Content (HTML)" rows={14} value={value} onChange={onChange} className="min-w-0" />
      )}
      {blocked && (
        <p className="text-sm text-amber-200">
          The visual editor is off for this article: it holds a &lt;{blocked}&gt;, which the visual editor cannot keep.
        </p>
      )}
    </div>
  )
})

/** The view an article opens in: visual, unless it holds markup only the HTML view keeps. */
export const initialContentView = (content: string): ContentView => (unsupportedTag(content) ? 'html' : 'visual')
