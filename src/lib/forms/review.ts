import { z } from 'zod'
import { formContract } from './contract.ts'
import { MAX_TEXT, nullableUrl, optionalDate, optionalImageUrl, optionalText, requiredText } from './fields.ts'

export const reviewTitleMessage = 'Please fill in the review title.'
export const reviewRatingMessage = 'The rating must be a number from 0 to 10.'
const gameMessage = 'The game must be a game id or empty.'

/** Out of 10 with one decimal, stored as numeric and answered as a string ('8.5'). */
const ratingField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,2}(\.\d+)?$/, reviewRatingMessage),
    ],
    {
      message: reviewRatingMessage,
    },
  )
  .transform(Number)
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= 10, reviewRatingMessage)
  .transform((n) => (Math.round(n * 10) / 10).toFixed(1))

const gameIdField = z
  .union([z.number().int().min(1).max(2_147_483_647), z.string().regex(/^[1-9]\d{0,9}$/), z.null(), z.literal('')], {
    message: gameMessage,
  })
  .transform((v) => (v === null || v === '' ? null : Number(v)))
  .refine((v) => v === null || v <= 2_147_483_647, gameMessage)

const fields = {
  title: requiredText(reviewTitleMessage, 300, 'The title'),
  rating: ratingField,
  content: optionalText(MAX_TEXT, 'The review text').optional(),
  author: optionalText(200, 'The author').optional(),
  imageUrl: optionalImageUrl().optional(),
  sourceUrl: nullableUrl('The source URL').optional(),
  platform: optionalText(100, 'The platform').optional(),
  reviewDate: optionalDate('The review date').optional(),
  gameId: gameIdField.optional(),
}

/** The reviews form: a title and a rating from 0 to 10 (the rating may be left out of an update). */
export const reviewContract = formContract(z.object(fields), 'Missing Information')
export const reviewUpdateContract = formContract(
  z.object({ ...fields, rating: ratingField.optional() }),
  'Missing Information',
)

export type ReviewBody = z.input<typeof reviewContract.schema>
export type ReviewValues = z.output<typeof reviewContract.schema>
export type ReviewUpdateValues = z.output<typeof reviewUpdateContract.schema>
