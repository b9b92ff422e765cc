import { useState } from 'react'
import type { SeoPage } from '../../../lib/seo-defaults.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { TextareaField } from '../../ui/textarea-field.tsx'
import { confirmAction, confirmDiscard } from '../shared/confirm.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import type { AdminSeo } from '../shared/types.ts'
import { forgetUnsavedChanges, hasUnsavedChanges, useUnsavedChanges } from '../shared/unsaved.ts'
import { useResetSeo, useSaveSeo, useSeoSettings } from './use-seo.ts'
import { LoadError } from '../shared/load-error.tsx'

const pageLabels: Record<SeoPage, string> = {
  home: 'Home',
  games: 'Games',
  championships: 'Championships',
  accessories: 'Hardware',
  news: 'News',
  streams: 'Streams',
  reviews: 'Reviews',
}

/** SEO tab: per-page title, description and keywords; Save and Reset; sitemap and robots links. */
export default function SeoTab() {
  const seo = useSeoSettings()
  const [page, setPage] = useState<SeoPage>('home')
  const current = seo.data?.find((s) => s.page === page)
  const choosePage = async (next: SeoPage) => {
    if (hasUnsavedChanges()) {
      if (!(await confirmDiscard())) return
      forgetUnsavedChanges()
    }
    setPage(next)
  }
  return (
    <div className="flex flex-col gap-6">
      <h2 className="section-title">SEO Settings</h2>
      <p className="flex flex-wrap gap-4">
        <a href="/sitemap.xml" target="_blank" rel="noopener" className="text-sky-300 underline">
          View sitemap.xml (opens in a new tab)
        </a>
        <a href="/robots.txt" target="_blank" rel="noopener" className="text-sky-300 underline">
          View robots.txt (opens in a new tab)
        </a>
      </p>
      {seo.isPending ? (
        <p className="text-gray-300">Loading SEO settings...</p>
      ) : seo.isError || !current ? (
        <LoadError text="Error loading SEO settings." onRetry={() => seo.refetch()} />
      ) : (
        <>
          <SelectField
            className="max-w-xs"
            label="Page"
            value={page}
            onChange={(p) => void choosePage(p as SeoPage)}
            options={seo.data.map((s) => ({ value: s.page, label: pageLabels[s.page] }))}
          />
          <SeoForm key={`${page}-${current.title}-${current.description}-${current.keywords}`} settings={current} />
        </>
      )}
    </div>
  )
}

function SeoForm({ settings }: { settings: AdminSeo }) {
  const [title, setTitle] = useState(settings.title)
  const [description, setDescription] = useState(settings.description)
  const [keywords, setKeywords] = useState(settings.keywords)
  const save = useSaveSeo()
  const reset = useResetSeo()
  const dirty = title !== settings.title || description !== settings.description || keywords !== settings.keywords
  useUnsavedChanges(dirty)
  const busy = save.isPending || reset.isPending
  const label = pageLabels[settings.page]
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (!title.trim() || !description.trim())
      return notify.failure('Missing Information', 'Please fill in the page title and description.')
    // mutateAsync, not mutate's callbacks: the saved settings change this form's key, so the form
    // is mounted anew before the save settles, and mutate's callbacks die with the old one.
    save.mutateAsync({ page: settings.page, fields: { title, description, keywords } }).then(
      () => notify.success('Settings Saved', `SEO settings of the ${label} page saved.`),
      (error: unknown) => {
        if (!isUnauthorized(error)) notify.failed('Save Failed', 'Failed to save SEO settings', error)
      },
    )
  }
  const onReset = async () => {
    const ok = await confirmAction({
      title: 'Reset SEO settings?',
      description: `The ${label} page goes back to the built-in title, description and keywords.`,
      action: 'Reset',
    })
    if (!ok) return
    reset.mutateAsync(settings.page).then(
      () => notify.success('Settings Reset', `The ${label} page uses the defaults again.`),
      (error: unknown) => {
        if (!isUnauthorized(error)) notify.failed('Reset Failed', 'Failed to reset SEO settings', error)
      },
    )
  }
  return (
    <form onSubmit={submit} className="flex max-w-3xl flex-col gap-4 rounded-xl border border-line bg-panel p-5">
      <p className="text-sm text-gray-300">
        {settings.customized ? 'Custom settings saved for this page.' : 'This page uses the default settings.'}
      </p>
      <TextField label="Page title" value={title} onChange={setTitle} maxLength={200} />
      <TextareaField label="Meta description" value={description} onChange={setDescription} rows={3} maxLength={500} />
      <TextField label="Keywords" hint="Comma-separated" value={keywords} onChange={setKeywords} maxLength={500} />
      <div className="flex gap-3">
        <button type="submit" className="btn-primary" disabled={busy} aria-busy={save.isPending}>
          Save
        </button>
        <button type="button" className="btn-outline" disabled={busy} onClick={onReset}>
          Reset
        </button>
      </div>
    </form>
  )
}
