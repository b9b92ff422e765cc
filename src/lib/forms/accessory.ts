import { z } from 'zod'
import { formContract } from './contract.ts'
import { boolFrom, MAX_TEXT, optionalImageUrl, optionalText, requiredText, requiredUrl } from './fields.ts'

export const accessoryRequiredMessage = 'Please fill in the accessory name and purchase URL.'

/** Sent by the form or not, every save stores this value (spec 001 section 5). */
const forced = <T extends string>(value: T) =>
  z
    .unknown()
    .optional()
    .transform(() => value)

/** The hardware form: name and purchase URL required; rating and price forced on every save. */
export const accessoryContract = formContract(
  z.object({
    name: requiredText(accessoryRequiredMessage, 300, 'The name'),
    purchaseUrl: requiredUrl(accessoryRequiredMessage, 'The purchase URL'),
    brand: optionalText(200, 'The brand').optional(),
    category: optionalText(100, 'The category').optional(),
    imageUrl: optionalImageUrl().optional(),
    description: optionalText(MAX_TEXT, 'The description').optional(),
    rating: forced('4.5'),
    price: forced('Contact Manufacturer'),
    featured: boolFrom('featured').optional(),
  }),
  'Missing Information',
)

export type AccessoryBody = z.input<typeof accessoryContract.schema>
export type AccessoryValues = z.output<typeof accessoryContract.schema>
