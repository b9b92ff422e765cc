import { preview } from '../../../lib/admin/form-rules.ts'
import { accessoryContract, type AccessoryBody } from '../../../lib/forms/accessory.ts'
import type { FormText } from '../../../lib/forms/contract.ts'
import { TextField } from '../../ui/text-field.tsx'
import { TextareaField } from '../../ui/textarea-field.tsx'
import { AdminImage } from '../shared/admin-image.tsx'
import { EntityManager } from '../shared/entity-manager.tsx'
import { ImageChooser } from '../shared/image-chooser.tsx'
import type { AdminAccessory } from '../shared/types.ts'
import { accessoryHooks } from './use-accessories.ts'
import { BrokenLinks, ItemClicks } from '../shared/link-figures.tsx'
import { useLinkHealth } from '../shared/use-link-figures.ts'

/** What the form holds; rating and price are the server's to force. */
type Form = FormText<Omit<AccessoryBody, 'rating' | 'price' | 'featured'>>

const blank: Form = { name: '', brand: '', category: '', purchaseUrl: '', imageUrl: '', description: '' }

/** Hardware tab: the server forces rating '4.5' and price 'Contact Manufacturer' on every save (spec 001 section 5). */
export default function AccessoriesTab() {
  const linkHealth = useLinkHealth()
  return (
    <EntityManager<AdminAccessory, Form, AccessoryBody>
      // Broken purchase links first (docs/decisions/0853); the form waits for them, so it does not move.
      slot={<BrokenLinks kind="hardware" />}
      slotLoading={linkHealth.isPending}
      texts={{
        title: 'Hardware Management',
        formTitle: { add: 'Add New Hardware', edit: 'Edit Hardware' },
        submit: { add: 'Add Hardware', edit: 'Update Hardware' },
        listTitle: (count) => `Your Hardware (${count})`,
        empty: 'No hardware yet: add the first item above.',
        added: ['Hardware Added', 'The item has been added to the website.'],
        updated: ['Hardware Updated'],
        deleted: ['Hardware Deleted'],
        addFailed: ['Error', 'Failed to add accessory. Please try again.'],
        updateFailed: ['Error', 'Failed to update hardware'],
        deleteFailed: ['Error', 'Failed to delete hardware'],
        deleteQuestion: (a) => `Delete the hardware item "${a.name}"? This cannot be undone.`,
        itemName: (a) => a.name,
      }}
      history="accessory"
      hooks={accessoryHooks}
      blank={blank}
      fromItem={(a) => ({
        name: a.name,
        brand: a.brand,
        category: a.category,
        purchaseUrl: a.purchaseUrl,
        imageUrl: a.imageUrl,
        description: a.description,
      })}
      contract={accessoryContract}
      alwaysSent={['name', 'purchaseUrl']}
      toInput={(f) => f}
      fields={(f, set) => (
        <>
          <TextField label="Name (company)" value={f.name} onChange={(name) => set({ name })} required />
          <TextField label="Brand" value={f.brand} onChange={(brand) => set({ brand })} />
          <TextField label="Category" value={f.category} onChange={(category) => set({ category })} />
          <TextField
            label="Purchase URL"
            type="url"
            value={f.purchaseUrl}
            onChange={(purchaseUrl) => set({ purchaseUrl })}
            required
          />
          <TextareaField
            className="md:col-span-2"
            label="Description"
            value={f.description}
            onChange={(description) => set({ description })}
          />
          <div className="md:col-span-2">
            <ImageChooser label="Hardware image" value={f.imageUrl} onChange={(imageUrl) => set({ imageUrl })} />
          </div>
        </>
      )}
      item={(a) => (
        <div className="flex gap-4">
          <AdminImage src={a.imageUrl} alt="" className="h-16 w-28 shrink-0 rounded object-cover" />
          <div className="min-w-0">
            <p className="font-bold text-white">{a.name}</p>
            <p className="text-sm text-gray-300">{[a.brand, a.category, a.price].filter(Boolean).join(' · ')}</p>
            <p className="text-sm text-gray-400">{preview(a.description)}</p>
            <ItemClicks kind="hardware" id={a.id} />
          </div>
        </div>
      )}
    />
  )
}
