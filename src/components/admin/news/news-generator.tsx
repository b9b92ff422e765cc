import { useEffect, useRef, useState, type FormEvent } from 'react'
import { WORD_COUNT_PRESETS, type ContentType } from '../../../lib/ai-news.ts'
import { useBulkNews, useGenerateNews, useGeneratingNews, useRefreshAllNews } from './use-news-ai.ts'
import { QUICK_CHAMPIONSHIPS } from '../championships/championship-generator.tsx'
import { notify, serverMessage } from '../shared/toast.ts'
import { useAiReady } from '../shared/ai-not-configured.tsx'
import { TextareaField } from '../../ui/textarea-field.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { useAiSettings, useSaveAiSettings } from './use-ai-settings.ts'

/**
 * The News tab's AI generator: one article, bulk generation over chosen championships, refresh
 * all. Folded under the list until opened (decision 0514); open while an article is being written.
 */
export function NewsGenerator() {
  const [open, setOpen] = useState(false)
  const [championshipName, setChampionshipName] = useState('')
  const [contentType, setContentType] = useState<ContentType>('motorsport')
  const [wordCount, setWordCount] = useState(WORD_COUNT_PRESETS.motorsport)
  const [contentPrompt, setContentPrompt] = useState('')
  const [focusPrompt, setFocusPrompt] = useState('')
  const [bulk, setBulk] = useState<string[]>([])
  const generate = useGenerateNews()
  const generating = useGeneratingNews()
  const bulkNews = useBulkNews()
  const refreshAll = useRefreshAllNews()
  const shown = open || generating
  const { ready, notice } = useAiReady('perplexity')
  const settings = useAiSettings()
  const savePrompts = useSaveAiSettings()
  // The saved prompts fill the fields once they arrive, unless the owner has typed meanwhile.
  const typed = useRef(false)
  useEffect(() => {
    if (!settings.data || typed.current) return
    setContentPrompt(settings.data.contentPrompt)
    setFocusPrompt(settings.data.focusPrompt)
  }, [settings.data])
  const typePrompt = (set: (value: string) => void) => (value: string) => {
    typed.current = true
    set(value)
  }
  const onSavePrompts = () =>
    savePrompts.mutate(
      { contentPrompt, focusPrompt },
      {
        onSuccess: () => notify.success('Settings Saved', 'The AI prompts are saved for the next articles.'),
        onError: (error) => {
          if (!isUnauthorized(error)) notify.failed('Error', 'Failed to save the AI prompts', error)
        },
      },
    )

  const chooseType = (type: ContentType) => {
    setContentType(type)
    setWordCount(WORD_COUNT_PRESETS[type])
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!championshipName.trim()) {
      notify.failure('Championship Required', 'Please enter a championship name to generate news')
      return
    }
    generate.mutate({ championshipName: championshipName.trim(), contentType, wordCount, contentPrompt, focusPrompt })
  }

  return (
    <section aria-labelledby="news-generator-heading" className="min-w-0 space-y-4 rounded-xl border border-line p-5">
      <h3 id="news-generator-heading" className="text-lg font-bold text-white">
        <button
          type="button"
          className="flex w-full items-center justify-between gap-3 text-left"
          aria-expanded={shown}
          aria-controls="news-generator-body"
          onClick={() => setOpen(!shown)}
        >
          AI News Generator
          <span aria-hidden="true" className="text-sm text-gray-300">
            {shown ? '▲' : '▼'}
          </span>
        </button>
      </h3>
      <div id="news-generator-body" hidden={!shown} className="space-y-4">
        {notice}
        <form onSubmit={submit} className="grid gap-3">
          <label className="grid gap-1">
            <span>Championship</span>
            <input
              value={championshipName}
              onChange={(e) => setChampionshipName(e.target.value)}
              className="rounded border border-line bg-transparent px-3 py-2"
            />
          </label>
          <fieldset className="flex gap-4">
            <legend className="mb-1">Content type</legend>
            {(['motorsport', 'e-sports'] as const).map((type) => (
              <label key={type} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="content-type"
                  checked={contentType === type}
                  onChange={() => chooseType(type)}
                />
                {type === 'motorsport' ? 'Real motorsport (400 words)' : 'E-motorsport (350 words)'}
              </label>
            ))}
          </fieldset>
          <label className="grid gap-1">
            <span>Word count</span>
            <input
              type="number"
              min={50}
              max={3000}
              value={wordCount}
              onChange={(e) => setWordCount(Number(e.target.value))}
              className="w-32 rounded border border-line bg-transparent px-3 py-2"
            />
          </label>
          <TextareaField
            label="Content prompt"
            rows={2}
            value={contentPrompt}
            onChange={typePrompt(setContentPrompt)}
          />
          <TextareaField label="Focus prompt" rows={2} value={focusPrompt} onChange={typePrompt(setFocusPrompt)} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={!ready || generating}>
              {generating ? 'Generating…' : 'Generate Article'}
            </button>
            <button type="button" className="btn-outline" disabled={savePrompts.isPending} onClick={onSavePrompts}>
              Save Prompts
            </button>
          </div>
        </form>

        <fieldset className="grid gap-2">
          <legend className="mb-1 font-semibold">Bulk generation</legend>
          <div className="flex flex-wrap gap-3">
            {QUICK_CHAMPIONSHIPS.map((name) => (
              <label key={name} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={bulk.includes(name)}
                  onChange={(e) =>
                    setBulk((list) => (e.target.checked ? [...list, name] : list.filter((n) => n !== name)))
                  }
                />
                {name}
              </label>
            ))}
          </div>
          <button
            type="button"
            className="btn-outline justify-self-start"
            disabled={!ready || bulkNews.isPending || bulk.length === 0}
            onClick={() =>
              bulkNews.mutate(
                { championships: bulk, contentType, wordCount, contentPrompt, focusPrompt },
                {
                  onError: (error) =>
                    notify.failure('Bulk Generation Failed', serverMessage(error) ?? 'Failed to start bulk generation'),
                },
              )
            }
          >
            Generate News for {bulk.length} Championships
          </button>
        </fieldset>

        <button
          type="button"
          className="btn-outline"
          disabled={!ready || refreshAll.isPending}
          onClick={() =>
            refreshAll.mutate(undefined, {
              onError: (error) => notify.failure('Refresh Failed', serverMessage(error) ?? 'Failed to refresh news'),
            })
          }
        >
          Refresh All News
        </button>
      </div>
    </section>
  )
}
