import { memo, useCallback, useState } from 'react'
import { newsProblem, type FormProblem } from '../../../lib/admin/form-rules.ts'
import { fromPublishAtInput, toPublishAtInput } from '../../../lib/admin/publish-at.ts'
import { longDateTime } from '../../../lib/dates.ts'
import { excerptFromHtml } from '../../../lib/excerpt.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { TextareaField } from '../../ui/textarea-field.tsx'
import { confirmDiscard } from '../shared/confirm.tsx'
import { ImageChooser } from '../shared/image-chooser.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import type { AdminNews } from '../shared/types.ts'
import { useUnsavedChanges } from '../shared/unsaved.ts'
import { AutoFormatButton } from './auto-format-button.tsx'
import { useAddNews, usePublishNews, useSaveNews, type NewsInput } from './use-news.ts'

/** The form's fields: every field of the contract as the inputs hold it, the publish time as typed. */
type Fields = { [K in keyof Omit<NewsInput, 'status' | 'publishAt' | 'timestamp'>]-?: NonNullable<NewsInput[K]> } & {
  publishAt: string
}

const blank: Fields = {
  title: '',
  content: '',
  author: '',
  category: 'News',
  contentType: 'motorsport',
  sourceUrl: '',
  imageUrl: '',
  publishAt: '',
}

const contentTypes = [
  { value: 'motorsport', label: 'Motorsport' },
  { value: 'e-sports', label: 'E-sports' },
]

const fromArticle = (n: AdminNews): Fields => ({
  title: n.title,
  content: n.content,
  author: n.author,
  category: n.category,
  contentType: n.contentType,
  sourceUrl: n.sourceUrl ?? '',
  imageUrl: n.imageUrl,
  publishAt: toPublishAtInput(n.publishAt),
})

/** The chooser renders the image pool: a keystroke in another field must not render it again. */
const StableImageChooser = memo(ImageChooser)

type Action = 'publish' | 'draft' | 'schedule' | 'update'

const scheduleProblem: FormProblem = {
  title: 'Missing Information',
  description: 'Please choose when to publish the article (Publish at, UTC).',
}

interface Props {
  /** The article being edited, or null for a new one. The parent remounts the form (key) when it changes. */
  editing: AdminNews | null
  /** After a successful save or Cancel: back to add mode. */
  onDone: () => void
}

/**
 * The news form: its state lives here, so a keystroke renders this form only, never the list
 * beside it (10,000 articles: bench:admin). New articles and drafts: Publish (now), Save as Draft,
 * Schedule (at 'Publish at', UTC; the scheduler publishes it). A published article: Update Article.
 * Cancel or a successful save returns to add mode (spec 001 section 5).
 */
export function NewsForm({ editing, onDone }: Props) {
  const baseline = editing ? fromArticle(editing) : blank
  const [form, setForm] = useState<Fields>(baseline)
  const dirty = JSON.stringify(form) !== JSON.stringify(baseline)
  useUnsavedChanges(dirty)
  const add = useAddNews()
  const save = useSaveNews()
  const publish = usePublishNews()
  const [pending, setPending] = useState<Action | null>(null)
  const busy = pending !== null
  const set = (patch: Partial<Fields>) => setForm((f) => ({ ...f, ...patch }))
  const setImage = useCallback((imageUrl: string) => setForm((f) => ({ ...f, imageUrl })), [])
  const published = editing?.status === 'published'

  const failed = (error: unknown) => {
    if (isUnauthorized(error)) return // The gate comes back; the form keeps its content.
    notify.failed('Error', editing ? 'Failed to update news article' : 'Failed to add news article', error)
  }

  async function run(action: Action) {
    if (busy) return
    const problem = newsProblem(form)
    if (problem) return notify.problem(problem)
    const publishAt = fromPublishAtInput(form.publishAt)
    if (action === 'schedule' && !publishAt) return notify.problem(scheduleProblem)
    const { publishAt: _field, ...fields } = form
    const input: NewsInput = {
      ...fields,
      ...(editing ? {} : { status: action === 'publish' ? 'published' : 'draft' }),
      ...(published ? {} : { publishAt: action === 'schedule' ? publishAt : null }),
    }
    setPending(action)
    try {
      const article = editing ? await save.mutateAsync({ id: editing.id, input }) : await add.mutateAsync(input)
      if (editing && action === 'publish') await publish.mutateAsync(article.id)
      if (!editing) setForm(blank)
      onDone()
      if (action === 'draft') notify.success('Draft Saved', 'It is not on the site until you publish it.')
      else if (action === 'schedule')
        notify.success('Article Scheduled', `It will be published ${longDateTime(publishAt!)}.`)
      else if (editing && action === 'update') notify.success('Article Updated')
      else notify.success(editing ? 'Article Published' : 'Article Added', 'The article has been added to the website.')
    } catch (error) {
      failed(error)
    } finally {
      setPending(null)
    }
  }

  const cancel = async () => {
    if (dirty && !(await confirmDiscard())) return
    onDone()
  }

  const button = (action: Action, text: string, primary = false) => (
    <button
      type={primary ? 'submit' : 'button'}
      className={primary ? 'btn-primary' : 'btn-outline'}
      disabled={busy}
      aria-busy={pending === action}
      onClick={primary ? undefined : () => void run(action)}
    >
      {pending === action ? 'Saving...' : text}
    </button>
  )

  return (
    <section aria-labelledby="news-form-title" id="news-form" className="rounded-xl border border-line bg-panel p-5">
      <h3 id="news-form-title" className="mb-4 text-xl font-bold text-white">
        {editing ? (published ? 'Edit News Article' : 'Edit Draft') : 'Add News Article'}
      </h3>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void run(published ? 'update' : 'publish')
        }}
        className="grid gap-4 md:grid-cols-2"
        noValidate
      >
        <TextField className="md:col-span-2" label="Title" value={form.title} onChange={(title) => set({ title })} />
        <TextField label="Author" value={form.author} onChange={(author) => set({ author })} />
        <TextField label="Category" value={form.category} onChange={(category) => set({ category })} />
        <SelectField
          label="Content type"
          value={form.contentType}
          onChange={(contentType) => set({ contentType: contentType as Fields['contentType'] })}
          options={contentTypes}
        />
        <TextField label="Source URL" type="url" value={form.sourceUrl} onChange={(sourceUrl) => set({ sourceUrl })} />
        <TextareaField
          className="md:col-span-2"
          label="Content (HTML)"
          rows={10}
          value={form.content}
          onChange={(content) => set({ content })}
        />
        <AutoFormatButton content={form.content} onFormatted={(content) => set({ content })} />
        <div className="md:col-span-2">
          <p className="text-sm font-semibold text-gray-200">Excerpt (first 150 characters of the content)</p>
          <p className="mt-1 text-sm text-gray-300">
            {form.content.trim() ? excerptFromHtml(form.content) : 'Written from the content when you save.'}
          </p>
        </div>
        <div className="md:col-span-2">
          <StableImageChooser label="Article image" value={form.imageUrl} onChange={setImage} />
          <p className="mt-1 text-xs text-gray-400">
            Without an image the article shows its category's default picture.
          </p>
        </div>
        {!published && (
          <TextField
            label="Publish at"
            type="datetime-local"
            value={form.publishAt}
            onChange={(publishAt) => set({ publishAt })}
            hint="UTC. Schedule publishes the article at this time."
          />
        )}
        <div className="flex flex-wrap gap-3 md:col-span-2">
          {published ? (
            button('update', 'Update Article', true)
          ) : (
            <>
              {button('publish', 'Publish', true)}
              {button('draft', 'Save as Draft')}
              {button('schedule', 'Schedule')}
            </>
          )}
          {editing && (
            <button type="button" className="btn-outline" onClick={cancel}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  )
}
