import { preview } from '../../../lib/admin/form-rules.ts'
import type { FormText } from '../../../lib/forms/contract.ts'
import { toDateInput } from '../../../lib/forms/datetime.ts'
import { reviewContract, type ReviewBody } from '../../../lib/forms/review.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { TextareaField } from '../../ui/textarea-field.tsx'
import { useGames } from '../games/use-games.ts'
import { AdminImage } from '../shared/admin-image.tsx'
import { EntityManager } from '../shared/entity-manager.tsx'
import { ImageChooser } from '../shared/image-chooser.tsx'
import type { AdminReview } from '../shared/types.ts'
import { reviewHooks } from './use-reviews.ts'

/** What the form holds: the contract's fields as text ('' is no game, no date). */
type Form = FormText<ReviewBody>

const blank: Form = {
  title: '',
  content: '',
  rating: '',
  author: '',
  imageUrl: '',
  gameId: '',
  platform: '',
  reviewDate: '',
  sourceUrl: '',
}

/** Reviews tab: a form and a list; rating 0-10. */
export default function ReviewsTab() {
  const games = useGames()
  const gameChoices = [
    { value: '', label: 'No game' },
    ...(games.data ?? []).map((g) => ({ value: String(g.id), label: g.title })),
  ]
  return (
    <EntityManager<AdminReview, Form, ReviewBody>
      texts={{
        title: 'Reviews Management',
        formTitle: { add: 'Add New Review', edit: 'Edit Review' },
        submit: { add: 'Add Review', edit: 'Update Review' },
        listTitle: (count) => `Your Reviews (${count})`,
        empty: 'No reviews yet: add the first one above.',
        added: ['Review Added', 'The review has been added to the website.'],
        updated: ['Review Updated'],
        deleted: ['Review Deleted'],
        addFailed: ['Error', 'Failed to add review'],
        updateFailed: ['Error', 'Failed to update review'],
        deleteFailed: ['Error', 'Failed to delete review'],
        deleteQuestion: (r) => `Delete the review "${r.title}"? This cannot be undone.`,
        itemName: (r) => r.title,
      }}
      history="review"
      hooks={reviewHooks}
      blank={blank}
      fromItem={(r) => ({
        title: r.title,
        content: r.content,
        rating: r.rating,
        author: r.author,
        imageUrl: r.imageUrl,
        gameId: r.gameId === null ? '' : String(r.gameId),
        platform: r.platform,
        reviewDate: toDateInput(r.reviewDate),
        sourceUrl: r.sourceUrl ?? '',
      })}
      contract={reviewContract}
      alwaysSent={['title']}
      toInput={(f) => f}
      fields={(f, set) => (
        <>
          <TextField label="Title" value={f.title} onChange={(title) => set({ title })} required />
          <TextField label="Author" value={f.author} onChange={(author) => set({ author })} />
          <TextField
            label="Rating (0-10)"
            type="number"
            min={0}
            max={10}
            step={0.1}
            value={f.rating}
            onChange={(rating) => set({ rating })}
            required
          />
          <SelectField label="Game" value={f.gameId} onChange={(gameId) => set({ gameId })} options={gameChoices} />
          <TextField label="Platform" value={f.platform} onChange={(platform) => set({ platform })} />
          <TextField
            label="Review date"
            type="date"
            value={f.reviewDate}
            onChange={(reviewDate) => set({ reviewDate })}
          />
          <TextField
            className="md:col-span-2"
            label="Source URL"
            type="url"
            hint="The full review: its card links here ('Read Full Review')."
            value={f.sourceUrl}
            onChange={(sourceUrl) => set({ sourceUrl })}
          />
          <TextareaField
            className="md:col-span-2"
            label="Summary"
            value={f.content}
            onChange={(content) => set({ content })}
          />
          <div className="md:col-span-2">
            <ImageChooser label="Review image" value={f.imageUrl} onChange={(imageUrl) => set({ imageUrl })} />
          </div>
        </>
      )}
      item={(r) => (
        <div className="flex gap-4">
          <AdminImage src={r.imageUrl} alt="" className="h-16 w-28 shrink-0 rounded object-cover" />
          <div className="min-w-0">
            <p className="font-bold text-white">{r.title}</p>
            <p className="text-sm text-gray-300">
              {[`${r.rating}/10`, r.author, r.platform].filter(Boolean).join(' · ')}
            </p>
            <p className="text-sm text-gray-400">{preview(r.content)}</p>
          </div>
        </div>
      )}
    />
  )
}
