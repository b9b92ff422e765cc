import { newsProblem } from '../../../lib/admin/form-rules.ts'
import { excerptFromHtml } from '../../../lib/excerpt.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { TextareaField } from '../../ui/textarea-field.tsx'
import { useAiStatus } from '../shared/ai-status.ts'
import { AutoFormatButton } from './auto-format-button.tsx'
import { DraftsReview } from './drafts-review.tsx'
import { GenerateImageButton } from './generate-image-button.tsx'
import { NewsGenerator } from './news-generator.tsx'
import { AdminImage } from '../shared/admin-image.tsx'
import { EntityManager } from '../shared/entity-manager.tsx'
import { ImageChooser } from '../shared/image-chooser.tsx'
import type { AdminNews } from '../shared/types.ts'
import { NewsRowActions } from './news-row-actions.tsx'
import { useDrafts } from './use-news-ai.ts'
import { newsHooks, type NewsInput } from './use-news.ts'

const blank: NewsInput = {
  title: '',
  content: '',
  author: '',
  category: 'News',
  contentType: 'motorsport',
  sourceUrl: '',
  imageUrl: '',
}

const contentTypes = [
  { value: 'motorsport', label: 'Motorsport' },
  { value: 'e-sports', label: 'E-sports' },
]

/** News tab: edit form and article list with move up/down, edit title, image change and delete. */
export default function NewsTab() {
  // The generators' notice and the drafts come first; the form waits for them (see slotLoading).
  const above = [useAiStatus(), useDrafts()]
  return (
    <EntityManager<AdminNews, NewsInput, NewsInput>
      slotLoading={above.some((q) => q.isPending)}
      slot={
        <div className="flex flex-col gap-6">
          <NewsGenerator />
          <DraftsReview />
        </div>
      }
      texts={{
        title: 'News Management',
        formTitle: { add: 'Add News Article', edit: 'Edit News Article' },
        submit: { add: 'Add Article', edit: 'Update Article' },
        listTitle: (count) => `News Articles (${count})`,
        empty: 'No news articles yet.',
        added: ['Article Added', 'The article has been added to the website.'],
        updated: ['Article Updated'],
        deleted: ['Deleted!', 'The news article has been deleted.'],
        addFailed: ['Error', 'Failed to add news article'],
        updateFailed: ['Error', 'Failed to update news article'],
        deleteFailed: ['Error', 'Failed to delete news article'],
        deleteQuestion: () => 'Are you sure you want to delete this news article?',
        itemName: (n) => n.title,
      }}
      history="news"
      hooks={newsHooks}
      blank={blank}
      fromItem={(n) => ({
        title: n.title,
        content: n.content,
        author: n.author,
        category: n.category,
        contentType: n.contentType,
        sourceUrl: n.sourceUrl ?? '',
        imageUrl: n.imageUrl,
      })}
      toInput={(f) => f}
      check={newsProblem}
      fields={(f, set) => (
        <>
          <TextField className="md:col-span-2" label="Title" value={f.title} onChange={(title) => set({ title })} />
          <TextField label="Author" value={f.author} onChange={(author) => set({ author })} />
          <TextField label="Category" value={f.category} onChange={(category) => set({ category })} />
          <SelectField
            label="Content type"
            value={f.contentType}
            onChange={(contentType) => set({ contentType: contentType as NewsInput['contentType'] })}
            options={contentTypes}
          />
          <TextField label="Source URL" type="url" value={f.sourceUrl} onChange={(sourceUrl) => set({ sourceUrl })} />
          <TextareaField
            className="md:col-span-2"
            label="Content (HTML)"
            rows={10}
            value={f.content}
            onChange={(content) => set({ content })}
          />
          <AutoFormatButton content={f.content} onFormatted={(content) => set({ content })} />
          <div className="md:col-span-2">
            <p className="text-sm font-semibold text-gray-200">Excerpt (first 150 characters of the content)</p>
            <p className="mt-1 text-sm text-gray-300">
              {f.content.trim() ? excerptFromHtml(f.content) : 'Written from the content when you save.'}
            </p>
          </div>
          <div className="md:col-span-2">
            <ImageChooser label="Article image" value={f.imageUrl} onChange={(imageUrl) => set({ imageUrl })} />
          </div>
        </>
      )}
      item={(n) => (
        <div className="flex gap-4">
          <AdminImage src={n.imageUrl} alt="" className="h-16 w-28 shrink-0 rounded object-cover" />
          <div className="min-w-0">
            <p className="font-bold text-white">
              {n.title}
              {n.status === 'draft' && <span className="ml-2 rounded bg-amber-800 px-2 py-0.5 text-xs">Draft</span>}
              {n.aiGenerated && <span className="ml-2 rounded bg-gray-700 px-2 py-0.5 text-xs">AI-assisted</span>}
            </p>
            <p className="text-sm text-gray-300">{[n.category, n.author, n.contentType].filter(Boolean).join(' · ')}</p>
            <p className="text-sm text-gray-400">{n.excerpt}</p>
          </div>
        </div>
      )}
      itemActions={(n, index, all) => (
        <>
          <NewsRowActions article={n} index={index} count={all.length} />
          <GenerateImageButton article={n} />
        </>
      )}
    />
  )
}
