import type { CarDriver, ClassifiedCar } from './results/types.ts'

/**
 * Who a driver without a platform id is, across a championship's rounds (docs/decisions/0426).
 *
 * LMU, rFactor 2 and older ACC files name their drivers without an id. Such a driver is his name
 * (case and spacing folded), whatever car he drives: a driver who changes car between rounds is
 * still one driver. A name is ambiguous when two cars of one file carry it, or when the
 * championship already knows that name in another car or as more than one driver: the preview then
 * asks the owner, for each such driver, whether he is one of the drivers already known by that name
 * or a different one, with a suggestion (the one who drove this car, else the latest; a second car
 * of one name in one file: a different driver). A different driver gets a key of his own
 * ('ana lima~2'), kept with the session, so every later round can tell the two apart.
 */

/** One driver as the tables count him: case and spacing do not make two drivers. */
export const driverKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase()

/** The identity of a driver without a platform id: the owner's key where he gave one, else the name. */
export const nameIdentity = (driver: CarDriver) => driver.key ?? driverKey(driver.name)

/** A driver already known to the championship by a name, without a platform id. */
export interface KnownDriver {
  identity: string
  name: string
  cars: string[]
  rounds: number[]
}

/** What the championship already counts: each round's classification. */
export interface EarlierSession {
  round: number
  classification: readonly Pick<ClassifiedCar, 'car' | 'drivers'>[]
}

/**
 * Drivers named without a platform id as stored (older sessions store names only), each with the
 * id he is known by: none here, since a name with an id is the id's.
 */
const namedDrivers = (car: Pick<ClassifiedCar, 'drivers'>): CarDriver[] =>
  (car.drivers as (CarDriver | string)[]).map((d) => (typeof d === 'string' ? { name: d, id: null } : d))

/** The names that drivers with a platform id have had: such a name is that driver's, not ambiguous. */
function namesWithIds(sessions: readonly EarlierSession[], extra: readonly Pick<ClassifiedCar, 'drivers'>[]) {
  const ids = new Map<string, Set<string>>()
  for (const car of [...sessions.flatMap((s) => s.classification), ...extra]) {
    for (const d of namedDrivers(car)) {
      if (!d.id) continue
      const set = ids.get(driverKey(d.name)) ?? new Set()
      set.add(d.id)
      ids.set(driverKey(d.name), set)
    }
  }
  return ids
}

/** Every driver without an id the championship knows, by folded name, in the order first met. */
export function knownDrivers(sessions: readonly EarlierSession[]): Map<string, KnownDriver[]> {
  const byName = new Map<string, KnownDriver[]>()
  for (const s of [...sessions].sort((a, b) => a.round - b.round)) {
    for (const car of s.classification) {
      for (const d of namedDrivers(car)) {
        if (d.id || !driverKey(d.name)) continue
        const list = byName.get(driverKey(d.name)) ?? []
        const identity = nameIdentity(d)
        let known = list.find((k) => k.identity === identity)
        if (!known) {
          known = { identity, name: d.name.trim().replace(/\s+/g, ' '), cars: [], rounds: [] }
          list.push(known)
        }
        if (!known.cars.includes(car.car)) known.cars.push(car.car)
        if (!known.rounds.includes(s.round)) known.rounds.push(s.round)
        byName.set(driverKey(d.name), list)
      }
    }
  }
  return byName
}

export const NEW_DRIVER = 'new'

/** A choice of the owner's that the preview did not offer (a 400 in the API). */
export class DriverChoiceError extends Error {}

/** One question the preview asks the owner: who is this driver? */
export interface DriverQuestion {
  /** The car's position in the file's classification, and the driver's name in it. */
  position: number
  carNumber: string
  car: string
  name: string
  /** The identities he may be, and NEW_DRIVER; each with the words the owner reads. */
  options: { identity: string; label: string }[]
  suggested: string
}

const roundsWords = (rounds: number[]) =>
  rounds.length === 1 ? `round ${rounds[0]}` : `rounds ${rounds.slice(0, -1).join(', ')} and ${rounds.at(-1)}`

const knownLabel = (k: KnownDriver) => `${k.name} who drove the ${k.cars.join(' and the ')} (${roundsWords(k.rounds)})`

/**
 * The questions for a file's classification against what the championship already counts: one for
 * each driver without an id whose name is ambiguous (see above). Cars are taken in the file's
 * order, so the first car of a repeated name gets the suggestion of its known driver.
 */
export function driverQuestions(
  classification: readonly ClassifiedCar[],
  earlier: readonly EarlierSession[],
): DriverQuestion[] {
  const known = knownDrivers(earlier)
  const withIds = namesWithIds(earlier, classification)
  const carsOfName = new Map<string, number>()
  for (const car of classification) {
    for (const d of car.drivers) {
      if (!d.id) carsOfName.set(driverKey(d.name), (carsOfName.get(driverKey(d.name)) ?? 0) + 1)
    }
  }
  const taken = new Map<string, Set<string>>()
  const questions: DriverQuestion[] = []
  for (const car of classification) {
    for (const d of car.drivers) {
      const name = driverKey(d.name)
      if (d.id || !name || withIds.get(name)?.size === 1) continue
      const before = known.get(name) ?? []
      const repeated = (carsOfName.get(name) ?? 0) > 1
      const otherCar = before.length === 1 && !before[0]!.cars.includes(car.car)
      if (!repeated && before.length <= 1 && !otherCar) continue
      const used = taken.get(name) ?? new Set<string>()
      const free = before.filter((k) => !used.has(k.identity))
      const suggestedKnown =
        free.find((k) => k.cars.includes(car.car)) ??
        [...free].sort((a, b) => Math.max(...b.rounds) - Math.max(...a.rounds))[0]
      // A repeated name met first in this file is the name's own driver; a second car of it is another.
      const suggested = suggestedKnown?.identity ?? (before.length === 0 && !used.has(name) ? name : NEW_DRIVER)
      used.add(suggested)
      taken.set(name, used)
      const options = before.map((k) => ({ identity: k.identity, label: `The same driver as ${knownLabel(k)}` }))
      if (before.length === 0) {
        options.push({ identity: name, label: `${d.name.trim()} (the first car of this name in the file)` })
      }
      options.push({ identity: NEW_DRIVER, label: 'A different driver' })
      questions.push({
        position: car.position,
        carNumber: car.carNumber,
        car: car.car,
        name: d.name,
        options,
        suggested,
      })
    }
  }
  return questions
}

export interface DriverChoice {
  position: number
  name: string
  identity: string
}

/**
 * The classification with each ambiguous driver's identity as chosen (the suggestion where the owner
 * chose nothing): a known identity or the name's own is kept as the driver's key, a different driver
 * gets the next free key of his name ('ana lima~2'). A choice that is not one of the options is an
 * error in words, naming the driver.
 */
export function withDriverChoices(
  classification: readonly ClassifiedCar[],
  questions: readonly DriverQuestion[],
  choices: readonly DriverChoice[] = [],
  earlier: readonly EarlierSession[] = [],
): ClassifiedCar[] {
  const keysInUse = new Set<string>()
  for (const list of knownDrivers(earlier).values()) for (const k of list) keysInUse.add(k.identity)
  const chosen = new Map<string, string>()
  for (const q of questions) {
    const choice = choices.find((c) => c.position === q.position && driverKey(c.name) === driverKey(q.name))
    const identity = choice?.identity ?? q.suggested
    if (!q.options.some((o) => o.identity === identity)) {
      throw new DriverChoiceError(
        `The choice for ${q.name} (#${q.carNumber} ${q.car}) is not one of the drivers the preview offers: preview the file again.`,
      )
    }
    chosen.set(`${q.position}\u0000${driverKey(q.name)}`, identity)
    if (identity !== NEW_DRIVER) keysInUse.add(identity)
  }
  const nextKey = (name: string) => {
    let n = 2
    while (keysInUse.has(`${name}~${n}`)) n++
    keysInUse.add(`${name}~${n}`)
    return `${name}~${n}`
  }
  return classification.map((car) => {
    if (!car.drivers.some((d) => chosen.has(`${car.position}\u0000${driverKey(d.name)}`))) return car
    return {
      ...car,
      drivers: car.drivers.map((d) => {
        const identity = chosen.get(`${car.position}\u0000${driverKey(d.name)}`)
        if (identity === undefined) return d
        const key = identity === NEW_DRIVER ? nextKey(driverKey(d.name)) : identity
        return key === driverKey(d.name) ? d : { ...d, key }
      }),
    }
  })
}
