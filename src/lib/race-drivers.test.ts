import { describe, expect, it } from 'vitest'
import { driverQuestions, NEW_DRIVER, withDriverChoices, type EarlierSession } from './race-drivers.ts'
import type { ClassifiedCar } from './results/types.ts'

const car = (position: number, name: string, model: string, extra: Partial<ClassifiedCar> = {}): ClassifiedCar => ({
  position,
  carNumber: String(position * 10),
  car: model,
  carClass: '',
  cup: '',
  classPosition: position,
  team: '',
  drivers: [{ name, id: null }],
  laps: 10,
  totalTimeMs: null,
  bestLapMs: null,
  status: 'finished',
  gridPosition: null,
  ...extra,
})

const round = (n: number, cars: ClassifiedCar[]): EarlierSession => ({ round: n, classification: cars })

describe('drivers without a platform id across rounds', () => {
  it('asks nothing of a name met once, in the car it drove before', () => {
    const earlier = [round(1, [car(1, 'Ana Lima', 'BMW M4 GT3')])]
    expect(driverQuestions([car(1, 'ana  lima', 'BMW M4 GT3')], earlier)).toEqual([])
    expect(driverQuestions([car(1, 'Ana Lima', 'BMW M4 GT3')], [])).toEqual([])
  })

  it('asks about a driver who changed car, suggesting he is the same driver', () => {
    const earlier = [round(1, [car(1, 'Ana Lima', 'BMW M4 GT3')])]
    const [question] = driverQuestions([car(2, 'Ana Lima', 'Mercedes-AMG GT3')], earlier)
    expect(question).toMatchObject({ name: 'Ana Lima', position: 2, suggested: 'ana lima' })
    expect(question!.options.map((o) => o.label)).toEqual([
      'The same driver as Ana Lima who drove the BMW M4 GT3 (round 1)',
      'A different driver',
    ])
    // Unanswered, the suggestion stands: the key is the name's own, so nothing is stored.
    const kept = withDriverChoices([car(2, 'Ana Lima', 'Mercedes-AMG GT3')], [question!], [], earlier)
    expect(kept[0]!.drivers).toEqual([{ name: 'Ana Lima', id: null }])
  })

  it('tells two cars of one name in one file apart: the second is a different driver unless the owner says otherwise', () => {
    const cars = [car(1, 'Bo', 'Porsche 963'), car(2, 'Bo', 'Toyota GR010')]
    const questions = driverQuestions(cars, [])
    expect(questions.map((q) => [q.position, q.suggested])).toEqual([
      [1, 'bo'],
      [2, NEW_DRIVER],
    ])
    const told = withDriverChoices(cars, questions, [], [])
    expect(told.map((c) => c.drivers[0]!.key)).toEqual([undefined, 'bo~2'])
    const merged = withDriverChoices(cars, questions, [{ position: 2, name: 'Bo', identity: 'bo' }], [])
    expect(merged.map((c) => c.drivers[0]!.key)).toEqual([undefined, undefined])
  })

  it('offers each driver of the name already known, suggesting the one who drove this car, and a new key past the taken ones', () => {
    const earlier = [
      round(1, [
        car(1, 'Bo', 'Porsche 963'),
        car(2, 'Bo', 'Toyota GR010', { drivers: [{ name: 'Bo', id: null, key: 'bo~2' }] }),
      ]),
    ]
    const cars = [car(1, 'Bo', 'Toyota GR010'), car(2, 'Bo', 'Porsche 963'), car(3, 'Bo', 'Cadillac V-Series.R')]
    const questions = driverQuestions(cars, earlier)
    expect(questions.map((q) => q.suggested)).toEqual(['bo~2', 'bo', NEW_DRIVER])
    expect(withDriverChoices(cars, questions, [], earlier).map((c) => c.drivers[0]!.key)).toEqual([
      'bo~2',
      undefined,
      'bo~3',
    ])
  })

  it('leaves a name that a driver with a platform id has had to that driver', () => {
    const earlier = [round(1, [car(1, 'Ana Lima', 'BMW M4 GT3', { drivers: [{ name: 'Ana Lima', id: 'S1' }] })])]
    expect(driverQuestions([car(1, 'Ana Lima', 'Ferrari 499P')], earlier)).toEqual([])
  })

  it('refuses a choice the preview did not offer, naming the driver', () => {
    const cars = [car(1, 'Bo', 'Porsche 963'), car(2, 'Bo', 'Toyota GR010')]
    expect(() =>
      withDriverChoices(cars, driverQuestions(cars, []), [{ position: 2, name: 'Bo', identity: 'bo~9' }], []),
    ).toThrow(
      'The choice for Bo (#20 Toyota GR010) is not one of the drivers the preview offers: preview the file again.',
    )
  })
})
