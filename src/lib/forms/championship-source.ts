import { z } from 'zod'
import { F1_POINTS, type PointsSystem } from '../race-points.ts'
import { formContract } from './contract.ts'
import { intFrom, optionalText, requiredText } from './fields.ts'

/**
 * Where a championship's standings come from (docs/decisions/0420): the Championships tab's
 * 'Championship Sources' form and POST /api/admin/championship-sources share this contract.
 * 'jolpica': official results from Jolpica-F1 (series and season); 'results': computed from the race
 * result files imported into it, with a points system (F1's, or the owner's list, plus optional
 * fastest-lap and pole points); 'ai': back to the AI generator.
 */
export const sourceNameMessage = 'Please enter a championship name.'
export const pointsListMessage =
  'Please enter the points as numbers separated by commas, first place first (e.g. 25, 18, 15).'

const points = (label: string) =>
  z
    .union([z.number(), z.string().trim()], { message: `${label} must be a number.` })
    .transform((v) => (v === '' ? 0 : Number(v)))
    .refine((n) => Number.isFinite(n) && n >= 0 && n <= 1000, `${label} must be between 0 and 1000.`)

/** '25, 18, 15' -> [25, 18, 15]; refused unless every entry is a number from 0 to 1000 (at most 60 places). */
export function parsePointsList(text: string): number[] | undefined {
  const parts = text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter(Boolean)
  if (parts.length === 0 || parts.length > 60) return undefined
  const values = parts.map(Number)
  return values.every((n, i) => /^\d+(\.\d{1,2})?$/.test(parts[i]!) && n <= 1000) ? values : undefined
}

const pointsList = z.union([z.string(), z.array(z.number())], { message: pointsListMessage }).transform((v, ctx) => {
  const list = typeof v === 'string' ? parsePointsList(v) : v
  if (!list || list.length === 0 || list.length > 60 || list.some((n) => !Number.isFinite(n) || n < 0 || n > 1000)) {
    ctx.addIssue({ code: 'custom', message: pointsListMessage })
    return z.NEVER
  }
  return list
})

const base = {
  championshipName: requiredText(sourceNameMessage, 100, 'The championship name'),
  season: optionalText(20, 'The season').optional(),
}

const jolpica = z.object(
  {
    ...base,
    source: z.literal('jolpica'),
    series: z.enum(['f1'], { message: 'The series must be f1 (Formula 1).' }).default('f1'),
    sourceSeason: z
      .string({ message: "The season to read must be 'current' or a year." })
      .trim()
      .regex(/^(current|\d{4})$/, "The season to read must be 'current' or a year.")
      .default('current'),
  },
  { message: sourceNameMessage },
)

const results = z.object(
  {
    ...base,
    source: z.literal('results'),
    /** 'f1' (25-18-15-12-10-8-6-4-2-1) or 'custom' with customPoints. */
    pointsPreset: z.enum(['f1', 'custom'], { message: 'Please choose F1 points or a custom list.' }).default('f1'),
    customPoints: z.union([z.string(), z.array(z.number())]).optional(),
    fastestLapPoints: points('Fastest-lap points').default(0),
    polePoints: points('Pole points').default(0),
    totalRounds: z
      .union([intFrom('The number of rounds', 1, 100), z.literal(''), z.null()])
      .transform((v) => (v === '' ? null : v))
      .optional(),
    /** The one class counted ('GT3', 'LMGT3', 'GT3 Pro-Am'); blank counts every car (docs/decisions/0424). */
    carClass: optionalText(40, 'The class').optional(),
  },
  { message: sourceNameMessage },
)

const ai = z.object({ ...base, source: z.literal('ai') }, { message: sourceNameMessage })

export const championshipSourceContract = formContract(
  z
    .discriminatedUnion('source', [jolpica, results, ai], {
      error: (issue) =>
        issue.code === 'invalid_union' ? 'Please choose where the standings come from.' : sourceNameMessage,
    })
    .superRefine((v, ctx) => {
      if (v.source !== 'results' || v.pointsPreset !== 'custom') return
      const parsed = pointsList.safeParse(v.customPoints ?? '')
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: pointsListMessage, path: ['customPoints'] })
    }),
  'Missing Information',
)

export type ChampionshipSourceBody = z.input<typeof championshipSourceContract.schema>
export type ChampionshipSourceValue = z.output<typeof championshipSourceContract.schema>

/** The points system a results choice names. */
export function pointsSystemOf(v: Extract<ChampionshipSourceValue, { source: 'results' }>): PointsSystem {
  const positions = v.pointsPreset === 'custom' ? pointsList.parse(v.customPoints ?? '') : [...F1_POINTS]
  return { positions, fastestLap: v.fastestLapPoints, pole: v.polePoints }
}

/** POST /api/admin/race-results/uploads/:id/import: where the file counts. */
export const importMessage = 'Please choose the championship and the round.'
export const raceImportContract = formContract(
  z.object(
    {
      championshipId: intFrom('The championship', 1, 2_147_483_647, importMessage),
      round: intFrom('The round', 1, 1000, importMessage),
      fileName: optionalText(255, 'The file name').optional(),
      // Who each driver of an ambiguous name is (the preview's questions, src/lib/race-drivers.ts).
      drivers: z
        .array(
          z.object({
            position: z.number().int().min(1).max(10_000),
            name: z.string().max(200),
            identity: z.string().min(1).max(220),
          }),
          { message: "The drivers must be the preview's choices." },
        )
        .max(2_000)
        .optional(),
    },
    { message: importMessage },
  ),
  'Missing Information',
)

export type RaceImportBody = z.input<typeof raceImportContract.schema>
