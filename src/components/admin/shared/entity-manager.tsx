import { useState, type ReactNode } from 'react'
import type { z } from 'zod'
import { formProblem, type FormContract, type FormProblem } from '../../../lib/forms/contract.ts'
import { editedFields } from '../../../lib/forms/patch.ts'
import type { RevisionEntity } from '../../../lib/revisions.ts'
import { confirmDelete, confirmDiscard } from './confirm.tsx'
import type { crudHooks } from './crud-hooks.ts'
import { isUnauthorized } from './session.ts'
import { notify } from './toast.ts'
import { useUnsavedChanges } from './unsaved.ts'
import { LoadError } from './load-error.tsx'
import { RecentlyDeleted } from './recently-deleted.tsx'
import { RevisionHistory } from './revision-history.tsx'

type Message = readonly [title: string, description?: string]

export interface ManagerTexts<T> {
  /** The manager's heading ('Racing Games Management'). */
  title: string
  formTitle: { add: string; edit: string }
  submit: { add: string; edit: string }
  listTitle: (count: number) => string
  empty: string
  added: Message
  updated: Message
  deleted: Message
  /** Failures: title and the spec's text; the call's 'status: message' is added below it. */
  addFailed: Message
  updateFailed: Message
  deleteFailed: Message
  deleteQuestion: (item: T) => string
  itemName: (item: T) => string
}

interface Props<T extends { id: number }, F, Input extends object> {
  texts: ManagerTexts<T>
  hooks: ReturnType<typeof crudHooks<T, Input>>
  blank: F
  fromItem: (item: T) => F
  /** The form's contract (src/lib/forms): checked before sending, with the route's own words. */
  contract?: FormContract<z.ZodType<unknown, Input>>
  /** A form not yet on a contract checks itself (news, until its tab adopts src/lib/forms/news.ts). */
  check?: (form: F) => FormProblem | null
  /** The body to send for what the form holds. */
  toInput: (form: F) => Input
  /**
   * The fields an update always sends (the route's required ones); of the others only those the
   * owner changed are sent, so a save changes nothing the owner did not touch (src/lib/forms/patch.ts).
   */
  alwaysSent: readonly (keyof Input)[]
  fields: (form: F, set: (patch: Partial<F>) => void) => ReactNode
  item: (item: T) => ReactNode
  /** Extra actions per item (news: move up/down). */
  itemActions?: (item: T, index: number, all: T[]) => ReactNode
  /** A place above the form for the AI parts (generators, drafts). */
  slot?: ReactNode
  /**
   * The slot's data is still on its way: the form and list wait below its loading status, since
   * what arrives would push them down as the pointer reaches them (a click aimed at one control
   * would land on another).
   */
  slotLoading?: boolean
  /** The items keep a revision history: a History button each, and a 'Recently deleted' list last. */
  history?: RevisionEntity
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * An add/edit form and its list (spec 001 section 4): Edit loads an item and switches the submit
 * to update; Cancel or a successful save clears the form back to add mode. A failed save keeps
 * the form; the submit button is busy while a call is in flight; leaving changes asks first.
 */
export function EntityManager<T extends { id: number }, F, Input extends object>(props: Props<T, F, Input>) {
  const { texts, hooks, blank } = props
  const list = hooks.useList()
  const create = hooks.useCreate()
  const update = hooks.useUpdate()
  const remove = hooks.useRemove()
  const [editing, setEditing] = useState<T | null>(null)
  const [form, setForm] = useState<F>(blank)
  const baseline = editing ? props.fromItem(editing) : blank
  const dirty = !same(form, baseline)
  useUnsavedChanges(dirty)
  const busy = create.isPending || update.isPending

  const set = (patch: Partial<F>) => setForm((f) => ({ ...f, ...patch }))
  const reset = () => {
    setEditing(null)
    setForm(blank)
  }
  const startEdit = async (item: T) => {
    if (dirty && !(await confirmDiscard())) return
    setEditing(item)
    setForm(props.fromItem(item))
    document.getElementById('entity-form')?.scrollIntoView({ block: 'start' })
  }
  const cancel = async () => {
    if (dirty && !(await confirmDiscard())) return
    reset()
  }
  const failed = (message: Message, error: unknown) => {
    if (isUnauthorized(error)) return // The gate comes back; the form keeps its content.
    const [title, text = ''] = message
    notify.failed(title, text, error)
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (busy) return
    const input = props.toInput(form)
    const problem = props.check?.(form) ?? (props.contract ? formProblem(props.contract, input) : null)
    if (problem) return notify.problem(problem)
    if (editing) {
      // Every field but the required ones is optional in an update: the patch is a valid body.
      const edited = editedFields(input, props.toInput(props.fromItem(editing)), props.alwaysSent) as Input
      update.mutate(
        { id: editing.id, input: edited },
        {
          onSuccess: () => {
            reset()
            notify.success(...texts.updated)
          },
          onError: (error) => failed(texts.updateFailed, error),
        },
      )
    } else {
      create.mutate(input, {
        onSuccess: () => {
          reset()
          notify.success(...texts.added)
        },
        onError: (error) => failed(texts.addFailed, error),
      })
    }
  }

  const onDelete = async (item: T) => {
    if (!(await confirmDelete(texts.deleteQuestion(item)))) return
    remove.mutate(item.id, {
      onSuccess: () => {
        if (editing?.id === item.id) reset()
        notify.success(...texts.deleted)
      },
      onError: (error) => failed(texts.deleteFailed, error),
    })
  }

  const items = list.data ?? []
  return (
    <div className="flex flex-col gap-8">
      <h2 className="section-title">{texts.title}</h2>
      {props.slot}
      {!props.slotLoading && (
        <>
          <section
            aria-labelledby="entity-form-title"
            id="entity-form"
            className="rounded-xl border border-line bg-panel p-5"
          >
            <h3 id="entity-form-title" className="mb-4 text-xl font-bold text-white">
              {editing ? texts.formTitle.edit : texts.formTitle.add}
            </h3>
            <form onSubmit={submit} className="grid gap-4 md:grid-cols-2" noValidate>
              {props.fields(form, set)}
              <div className="flex gap-3 md:col-span-2">
                <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
                  {busy ? 'Saving...' : editing ? texts.submit.edit : texts.submit.add}
                </button>
                {editing && (
                  <button type="button" className="btn-outline" onClick={cancel}>
                    Cancel
                  </button>
                )}
              </div>
            </form>
          </section>
          <section aria-labelledby={list.data ? 'entity-list-title' : undefined} aria-busy={list.isPending}>
            {/* The count is shown once it is known: never a '(0)' while the list loads. */}
            {list.data && (
              <h3 id="entity-list-title" className="mb-4 text-xl font-bold text-white">
                {texts.listTitle(list.data.length)}
              </h3>
            )}
            {list.isPending ? (
              <p className="text-gray-300">Loading...</p>
            ) : list.isError ? (
              <LoadError text="Error loading the list." onRetry={() => list.refetch()} />
            ) : items.length === 0 ? (
              <p className="text-gray-300">{texts.empty}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {items.map((item, index) => (
                  <li
                    key={item.id}
                    className="flex flex-col gap-3 rounded-lg border border-line bg-panel p-4 sm:flex-row sm:items-center"
                  >
                    <div className="min-w-0 flex-1">{props.item(item)}</div>
                    <div className="flex flex-wrap gap-2">
                      {props.itemActions?.(item, index, items)}
                      <button
                        type="button"
                        className="btn-outline"
                        aria-label={`Edit ${texts.itemName(item)}`}
                        onClick={() => startEdit(item)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn-outline"
                        aria-label={`Delete ${texts.itemName(item)}`}
                        disabled={remove.isPending && remove.variables === item.id}
                        onClick={() => onDelete(item)}
                      >
                        Delete
                      </button>
                      {props.history && (
                        <RevisionHistory entity={props.history} id={item.id} name={texts.itemName(item)} />
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {props.history && <RecentlyDeleted entity={props.history} />}
        </>
      )}
    </div>
  )
}
