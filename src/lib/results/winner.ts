import { inClass } from '../race-points.ts'
import type { ClassifiedCar } from './types.ts'

/**
 * Who won a session for a championship: the best placed car of its class (every car when it has
 * none) that finished, or in a qualifying the one on pole (best time); its drivers' names joined as
 * a results page writes them ('A. Driver / B. Driver'). Undefined when no car of the class finished.
 */
export function sessionWinner(
  classification: readonly ClassifiedCar[],
  carClass: string | null | undefined,
): { names: string; team: string; car: string } | undefined {
  const winner = classification
    .filter((car) => inClass(car, carClass) && car.status === 'finished')
    .sort((a, b) => a.position - b.position)[0]
  if (!winner) return undefined
  return { names: winner.drivers.map((d) => d.name).join(' / '), team: winner.team, car: winner.car }
}
