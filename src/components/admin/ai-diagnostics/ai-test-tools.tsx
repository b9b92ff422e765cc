import { useState } from 'react'
import { failureDetail } from '../shared/toast.ts'
import type { AiServiceName } from '../shared/ai-status.ts'
import type { useAiTool } from './use-diagnostics.ts'

type Tools = ReturnType<typeof useAiTool>

/** A test's outcome where the button is: what came back, or what went wrong in words (issue 17). */
function Outcome({ title, children, failed }: { title: string; children: React.ReactNode; failed?: boolean }) {
  return (
    <div
      role="status"
      aria-label={title}
      className={`rounded border p-3 text-sm ${failed ? 'border-red-700 bg-red-950/50' : 'border-green-700 bg-green-950/40'}`}
    >
      <p className="font-semibold text-white">{title}</p>
      {children}
    </div>
  )
}

/** The Tools tab: Test News (Perplexity) or Test Image (OpenAI), each showing its result. */
export function AiTestTools({ service, tools }: { service: AiServiceName; tools: Tools }) {
  const [prompt, setPrompt] = useState('A race car at speed on a wet track at dusk')
  // The failure is shown here; the console keeps the details as before (spec 001 section 8).
  const logFailure = (error: Error) => console.warn('[ai diagnostics]', error.message)
  if (service === 'perplexity') {
    const test = tools.testNews
    return (
      <div className="space-y-3">
        <button
          type="button"
          className="btn-primary"
          disabled={test.isPending}
          aria-busy={test.isPending}
          onClick={() => test.mutate(undefined, { onError: logFailure })}
        >
          {test.isPending ? 'Testing…' : 'Test News Generation'}
        </button>
        {test.isSuccess && (
          <Outcome title="Test news: passed">
            <p>
              {test.data.championship}: <strong>{test.data.headline}</strong> ({test.data.responseTime} ms)
            </p>
            <p className="text-gray-300">{test.data.summary}</p>
            <p className="text-gray-400">{test.data.sources.length} sources</p>
          </Outcome>
        )}
        {test.isError && (
          <Outcome title="Test news: failed" failed>
            <p>{failureDetail(test.error)}</p>
          </Outcome>
        )}
      </div>
    )
  }
  const test = tools.testImage
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1">
          <span>Image prompt</span>
          <input
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            className="rounded border border-line bg-transparent px-3 py-2"
          />
        </label>
        <button
          type="button"
          className="btn-primary"
          disabled={test.isPending}
          aria-busy={test.isPending}
          onClick={() => test.mutate(prompt, { onError: logFailure })}
        >
          {test.isPending ? 'Testing…' : 'Test Image Generation'}
        </button>
      </div>
      {test.isSuccess && (
        <Outcome title="Test image: passed">
          <p>Generated in {test.data.responseTime} ms.</p>
          <img
            src={test.data.imageUrl}
            alt={`Test image: ${test.variables}`}
            width={384}
            height={256}
            className="mt-2 aspect-[3/2] w-96 max-w-full rounded object-cover"
          />
        </Outcome>
      )}
      {test.isError && (
        <Outcome title="Test image: failed" failed>
          <p>{failureDetail(test.error)}</p>
        </Outcome>
      )}
    </div>
  )
}
