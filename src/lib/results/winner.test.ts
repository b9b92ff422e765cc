import { describe, expect, it } from 'vitest'
import type { ClassifiedCar } from './types.ts'
import { sessionWinner } from './winner.ts'

const car = (position: number, carClass: string, name: string, status: ClassifiedCar['status'] = 'finished') =>
  ({
    position,
    carNumber: String(position),
    car: `${carClass} car`,
    carClass,
    cup: '',
    classPosition: position,
    team: `${name} Racing`,
    drivers: [{ name, id: null }],
    laps: 10,
    totalTimeMs: null,
    bestLapMs: null,
    status,
    gridPosition: null,
  }) as unknown as ClassifiedCar

describe("a session's winner for a championship", () => {
  const race = [car(1, 'Hypercar', 'Hyper Winner'), car(2, 'LMGT3', 'GT Winner'), car(3, 'LMGT3', 'GT Second')]

  it("is the best placed car of the championship's class, not the overall winner (a multi-class race)", () => {
    expect(sessionWinner(race, 'LMGT3')?.names).toBe('GT Winner')
    expect(sessionWinner(race, null)?.names).toBe('Hyper Winner')
  })

  it('is one that finished, with every driver of the car', () => {
    const endurance = [
      car(1, 'LMGT3', 'Out Early', 'dnf'),
      { ...car(2, 'LMGT3', 'First'), drivers: [{ name: 'First' }, { name: 'Second' }] } as ClassifiedCar,
    ]
    expect(sessionWinner(endurance, 'LMGT3')).toMatchObject({ names: 'First / Second' })
    expect(sessionWinner([car(1, 'LMGT3', 'Gone', 'dq')], 'LMGT3')).toBeUndefined()
  })
})
