import { slugOfTitle, slugWords } from '../../../lib/news-address.ts'
import { memo, useCallback, useRef, useState } from 'react'
import { newsProblem, plainTextOfParagraphs, type FormProblem } from '../../../lib/admin/form-rules.ts'
import { excerptFromHtml } from '../../../lib/excerpt.ts'
import { newsConflictMessage } from '../../../lib/forms/news.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { savedRecentlyElsewhere } from '../../../lib/admin/edit-presence.ts'
import type { PanelTime } from '../../../lib/panel-time.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { confirmDiscard } from '../shared/confirm.tsx'
import { ImageChooser } from '../shared/image-chooser.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import type { AdminNews } from '../shared/types.ts'
import { useUnsavedChanges } from '../shared/unsaved.ts'
import { usePanelTime } from '../shared/use-time-zone.ts'
import { AutoFormatButton } from './auto-format-button.tsx'
import { ContentField, initialContentView, type ContentView } from './content-field.tsx'
import { PresenceNotices, SaveConflict, SaveStatus, type AutosaveState } from './save-status.tsx'
import { useAutosave } from './use-autosave.ts'
import { rememberSave, savedHere, useEditPresence } from './use-edit-presence.ts'
import { fetchAdminArticle, useAddNews, usePublishNews, useSaveNews, type NewsInput } from './use-news.ts'

/** The form's fields as the inputs hold them, the publish time as typed (on the site's clock). */
interface Fields {
  title: string
  /** The words of the address as typed; empty: the title's (docs/decisions/0871). */
  slug: string
  content: string
  author: string
  category: string
  contentType: 'motorsport' | 'e-sports'
  sourceUrl: string
  imageUrl: string
  publishAt: string
}

const blank: Fields = {
  title: '',
  slug: '',
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

const fromArticle = (n: AdminNews, time: PanelTime): Fields => ({
  title: n.title,
  slug: n.slug ?? '',
  content: n.content,
  author: n.author,
  category: n.category,
  contentType: n.contentType,
  sourceUrl: n.sourceUrl ?? '',
  imageUrl: n.imageUrl,
  publishAt: time.toInput(n.publishAt),
})

const same = (a: Fields, b: Fields) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Where the article is (or will be) read, as the owner types: the slug typed, made words the way
 * the server makes them, else the title's. A published article keeps its address when its title
 * changes; its old addresses lead to the new one (docs/decisions/0871).
 */
function addressHint(editing: AdminNews | null, form: Fields): string {
  const words = form.slug.trim() ? slugWords(form.slug) : slugOfTitle(form.title)
  const where = `/news/${editing ? editing.id : '…'}/${words || '…'}`
  if (form.slug.trim() && !words) return `${where}: the address needs at least one letter or digit.`
  if (form.slug.trim()) return `Read at ${where}. Its earlier addresses lead here.`
  if (editing?.status === 'published') return `Read at ${where}, made from the title.`
  return `Read at ${where}, made from the title when it is published; a later title change keeps it.`
}

/** The chooser renders the image pool: a keystroke in another field must not render it again. */
const StableImageChooser = memo(ImageChooser)

type Action = 'publish' | 'draft' | 'schedule' | 'update' | 'autosave'

const isConflict = (error: unknown) =>
  error instanceof HttpError && error.status === 409 && error.message === newsConflictMessage

interface Props {
  /** The article being edited (as read when the editor opened), or null for a new one. */
  editing: AdminNews | null
  /** Opened again by 'Reload article' (after a conflict): the owner knows it changed elsewhere. */
  reloaded: boolean
  /** After a successful save or Cancel: back to the list. */
  onDone: () => void
  /** After a conflict, 'Reload article': the parent opens the article as it is now. */
  onReload: (article: AdminNews) => void
}

/**
 * The news form: its state lives here, so a keystroke renders this form only (bench:admin). New
 * articles and drafts: Publish (now), Save as Draft, Schedule (at 'Publish at'). A published
 * article: Update Article. A draft also saves itself after a few seconds of quiet ('Saved at
 * 10:42'); every save of an existing article says which version it started from, so a save over
 * another tab's is refused and the owner chooses (decision 0511).
 */
export function NewsForm({ editing, reloaded, onDone, onReload }: Props) {
  // The site's time zone: 'Publish at' is read and shown on its clock.
  const time = usePanelTime()
  const [saved, setSaved] = useState<Fields>(() => (editing ? fromArticle(editing, time) : blank))
  const [form, setForm] = useState<Fields>(saved)
  const [view, setView] = useState<ContentView>(() => initialContentView(saved.content))
  const base = useRef(editing?.updatedAt ?? null)
  const dirty = !same(form, saved)
  useUnsavedChanges(dirty)
  // Who else has it open, or saved it lately (issue 36): said when it opens, before any typing.
  const { presence, announceSaved } = useEditPresence(editing?.id ?? null, dirty)
  const [savedElsewhere] = useState(() =>
    editing && !reloaded && savedRecentlyElsewhere(editing.updatedAt, savedHere(editing.id), Date.now())
      ? editing.updatedAt
      : null,
  )
  const add = useAddNews()
  const save = useSaveNews()
  const publish = usePublishNews()
  const [pending, setPending] = useState<Action | null>(null)
  const [autosave, setAutosave] = useState<AutosaveState>({ kind: 'idle' })
  const [conflict, setConflict] = useState<{ retry: Action } | null>(null)
  const busy = pending !== null
  const set = (patch: Partial<Fields>) => setForm((f) => ({ ...f, ...patch }))
  const setImage = useCallback((imageUrl: string) => setForm((f) => ({ ...f, imageUrl })), [])
  const setContent = useCallback((content: string) => setForm((f) => ({ ...f, content })), [])
  const published = editing?.status === 'published'

  /** PUT with the version this form started from; the answer's version is the next save's. */
  async function put(input: NewsInput, isAutosave = false) {
    const article = await save.mutateAsync({
      id: editing!.id,
      input: { ...input, ...(base.current ? { baseUpdatedAt: base.current } : {}), autosave: isAutosave },
    })
    base.current = article.updatedAt
    announceSaved(article.updatedAt)
    return article
  }

  const { publishAt: _typed, ...fields } = form
  const canAutosave = Boolean(editing && !published) && dirty && !busy && !conflict && !newsProblem(form)
  useAutosave(canAutosave, form, () => void run('autosave'))

  /** The autosave under way: a click on Publish or Save waits for it, then saves from its version. */
  const autosaving = useRef<Promise<void> | null>(null)

  async function run(action: Action) {
    if (action === 'autosave' ? busy : busy && pending !== 'autosave') return
    if (action !== 'autosave' && autosaving.current) await autosaving.current
    const problem = newsProblem(form)
    if (problem) return action === 'autosave' ? undefined : notify.problem(problem)
    const publishAt = time.fromInput(form.publishAt)
    const scheduleProblem: FormProblem = {
      title: 'Missing Information',
      description: `Please choose when to publish the article (Publish at, ${time.zone}).`,
    }
    if (action === 'schedule' && !publishAt) return notify.problem(scheduleProblem)
    // An autosave changes the text only: never the status or the schedule.
    const input: NewsInput = {
      ...fields,
      ...(editing ? {} : { status: action === 'publish' ? 'published' : 'draft' }),
      ...(published || action === 'autosave' ? {} : { publishAt: action === 'schedule' ? publishAt : null }),
    }
    const sent = form
    setPending(action)
    if (action === 'autosave') setAutosave({ kind: 'saving' })
    try {
      if (action === 'autosave') {
        autosaving.current = put(input, true).then(() => {
          setSaved(sent)
          setAutosave({ kind: 'saved', at: new Date() })
        })
        return await autosaving.current
      }
      const article = editing ? await put(input) : await add.mutateAsync(input)
      if (!editing) rememberSave(article.id, article.updatedAt)
      if (editing && action === 'publish') await publish.mutateAsync(article.id)
      setSaved(sent)
      onDone()
      if (action === 'draft') notify.success('Draft Saved', 'It is not on the site until you publish it.')
      else if (action === 'schedule')
        notify.success('Article Scheduled', `It will be published ${time.long(publishAt!)}.`)
      else if (editing && action === 'update') notify.success('Article Updated')
      else notify.success(editing ? 'Article Published' : 'Article Added', 'The article has been added to the website.')
    } catch (error) {
      if (action === 'autosave') setAutosave({ kind: isConflict(error) ? 'idle' : 'failed' })
      if (isConflict(error)) setConflict({ retry: action })
      else if (isUnauthorized(error))
        return // The gate comes back; the form keeps its content.
      else if (action !== 'autosave')
        notify.failed('Error', editing ? 'Failed to update news article' : 'Failed to add news article', error)
    } finally {
      if (action === 'autosave') autosaving.current = null
      setPending(null)
    }
  }

  const [resolving, setResolving] = useState(false)
  /** Both answers to a conflict start from the article as it is now. */
  async function resolve(choice: 'reload' | 'overwrite') {
    setResolving(true)
    try {
      const latest = await fetchAdminArticle(editing!.id)
      if (choice === 'reload') return onReload(latest)
      base.current = latest.updatedAt
      const retry = conflict!.retry
      setConflict(null)
      await run(retry)
    } catch (error) {
      if (!isUnauthorized(error)) notify.failed('Error', 'Failed to update news article', error)
    } finally {
      setResolving(false)
    }
  }

  /** Another tab saved it meanwhile: the owner goes on from that version (asked first when this form has changes). */
  const reloadNewer = async () => {
    if (dirty && !(await confirmDiscard())) return
    await resolve('reload')
  }

  const cancel = async () => {
    if (dirty && !(await confirmDiscard())) return
    onDone()
  }

  const button = (action: Action, text: string, primary = false) => (
    <button
      type={primary ? 'submit' : 'button'}
      className={primary ? 'btn-primary' : 'btn-outline'}
      disabled={busy && pending !== 'autosave'}
      aria-busy={pending === action}
      onClick={primary ? undefined : () => void run(action)}
    >
      {pending === action ? 'Saving...' : text}
    </button>
  )
  const plain = view === 'visual' ? (plainTextOfParagraphs(form.content) ?? form.content) : form.content

  return (
    <section
      aria-labelledby="news-form-title"
      id="news-form"
      className="min-w-0 rounded-xl border border-line bg-panel p-5"
    >
      <h3 id="news-form-title" className="mb-4 text-xl font-bold text-white">
        {editing ? (published ? 'Edit News Article' : 'Edit Draft') : 'Add News Article'}
      </h3>
      {/*
        At the top and sticky below the panel's header (3.5rem) while the form scrolls: the save's
        state, a refused save's choice and who else has the article open stay in sight wherever the
        owner is typing (issue 36: the conflict sat 2,200 px down a 2,509 px page).
      */}
      {editing && (
        <div className="sticky top-14 z-20 -mx-5 mb-4 flex flex-col gap-2 border-b border-line bg-panel px-5 py-2">
          <SaveStatus state={autosave} time={time} dirty={dirty} published={published} conflict={conflict !== null} />
          {conflict && (
            <SaveConflict
              message={newsConflictMessage}
              busy={resolving}
              onReload={() => void resolve('reload')}
              onOverwrite={() => void resolve('overwrite')}
            />
          )}
          <PresenceNotices
            presence={presence}
            // A refused save already offers Reload: the notice of another tab's save would say it twice.
            base={conflict ? null : base.current}
            savedElsewhere={savedElsewhere}
            time={time}
            onReload={() => void reloadNewer()}
          />
        </div>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void run(published ? 'update' : 'publish')
        }}
        className="grid min-w-0 gap-4 md:grid-cols-2"
        noValidate
      >
        <TextField
          className="min-w-0 md:col-span-2"
          label="Title"
          value={form.title}
          onChange={(title) => set({ title })}
        />
        <TextField
          className="min-w-0 md:col-span-2"
          label="Address"
          value={form.slug}
          onChange={(slug) => set({ slug })}
          placeholder={slugOfTitle(form.title)}
          spellCheck={false}
          autoCapitalize="off"
          hint={addressHint(editing, form)}
        />
        <TextField className="min-w-0" label="Author" value={form.author} onChange={(author) => set({ author })} />
        <TextField
          className="min-w-0"
          label="Category"
          value={form.category}
          onChange={(category) => set({ category })}
        />
        <SelectField
          className="min-w-0"
          label="Content type"
          value={form.contentType}
          onChange={(contentType) => set({ contentType: contentType as Fields['contentType'] })}
          options={contentTypes}
        />
        <TextField
          className="min-w-0"
          label="Source URL"
          type="url"
          value={form.sourceUrl}
          onChange={(sourceUrl) => set({ sourceUrl })}
        />
        <ContentField value={form.content} onChange={setContent} view={view} onViewChange={setView} />
        <AutoFormatButton
          content={plain}
          onFormatted={(content) => {
            set({ content })
            if (initialContentView(content) === 'html') setView('html')
          }}
        />
        <div className="min-w-0 md:col-span-2">
          <p className="text-sm font-semibold text-gray-200">Excerpt (first 150 characters of the content)</p>
          <p className="mt-1 text-sm break-words text-gray-300">
            {form.content.trim() ? excerptFromHtml(form.content) : 'Written from the content when you save.'}
          </p>
        </div>
        <div className="min-w-0 md:col-span-2">
          <StableImageChooser label="Article image" value={form.imageUrl} onChange={setImage} />
          <p className="mt-1 text-xs text-gray-400">
            Without an image the article shows its category&apos;s default picture.
          </p>
        </div>
        {!published && (
          <TextField
            className="min-w-0"
            label="Publish at"
            type="datetime-local"
            value={form.publishAt}
            onChange={(publishAt) => set({ publishAt })}
            hint={`On the clock of ${time.zone}, the site's time zone. Schedule publishes the article at this time.`}
          />
        )}
        <div className="flex flex-wrap items-center gap-3 md:col-span-2">
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
