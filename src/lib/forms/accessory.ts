import { z } from 'zod'
import { formContract } from './contract.ts'
import { boolFrom, MAX_TEXT, optionalImageUrl, optionalText, requiredText, requiredUrl } from './fields.ts'

export const accessoryRequiredMessage = 'Please fill in the accessory name and purchase URL.'

/** Sent or not, a new item gets this value (spec 001 section 5; when, docs/decisions/0620). */
const forced = <T extends string>(value: T) =>
  z
    .unknown()
    .optional()
    .transform(() => value)

const fields = {
  name: requiredText(accessoryRequiredMessage, 300, 'The name'),
  purchaseUrl: requiredUrl(accessoryRequiredMessage, 'The purchase URL'),
  brand: optionalText(200, 'The brand').optional(),
  category: optionalText(100, 'The category').optional(),
  imageUrl: optionalImageUrl().optional(),
  description: optionalText(MAX_TEXT, 'The description').optional(),
  featured: boolFrom('featured').optional(),
}

/**
 * The hardware form: name and purchase URL required; a new item's rating and price are forced
 * ('4.5', 'Contact Manufacturer'), whatever is sent.
 */
export const accessoryContract = formContract(
  z.object({ ...fields, rating: forced('4.5'), price: forced('Contact Manufacturer') }),
  'Missing Information',
)

/**
 * An update changes neither the rating nor the price: the form has no field for them, so a save
 * that forced them again would change what the owner did not touch (issue 25; sent values are
 * ignored, as the create's are).
 */
export const accessoryUpdateContract = formContract(z.object(fields), 'Missing Information')

export type AccessoryBody = z.input<typeof accessoryContract.schema>
export type AccessoryValues = z.output<typeof accessoryContract.schema>
