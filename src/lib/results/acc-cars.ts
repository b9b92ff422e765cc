/**
 * ACC's car model ids (the `carModel` of a result file) and their names, as the game lists them.
 * An id missing here (a car added later) is shown as 'ACC car model <id>'.
 */
const accCars: Record<number, string> = {
  0: 'Porsche 991 GT3 R',
  1: 'Mercedes-AMG GT3',
  2: 'Ferrari 488 GT3',
  3: 'Audi R8 LMS',
  4: 'Lamborghini Huracán GT3',
  5: 'McLaren 650S GT3',
  6: 'Nissan GT-R Nismo GT3 (2018)',
  7: 'BMW M6 GT3',
  8: 'Bentley Continental GT3 (2018)',
  9: 'Porsche 991 II GT3 Cup',
  10: 'Nissan GT-R Nismo GT3 (2017)',
  11: 'Bentley Continental GT3 (2016)',
  12: 'Aston Martin V12 Vantage GT3',
  13: 'Lamborghini Gallardo R-EX',
  14: 'Emil Frey Jaguar G3',
  15: 'Lexus RC F GT3',
  16: 'Lamborghini Huracán GT3 Evo',
  17: 'Honda NSX GT3',
  18: 'Lamborghini Huracán Super Trofeo',
  19: 'Audi R8 LMS Evo',
  20: 'AMR V8 Vantage GT3',
  21: 'Honda NSX GT3 Evo',
  22: 'McLaren 720S GT3',
  23: 'Porsche 991 II GT3 R',
  24: 'Ferrari 488 GT3 Evo',
  25: 'Mercedes-AMG GT3 (2020)',
  26: 'Ferrari 488 Challenge Evo',
  27: 'BMW M2 CS Racing',
  28: 'Porsche 992 GT3 Cup',
  29: 'Lamborghini Huracán Super Trofeo EVO2',
  30: 'BMW M4 GT3',
  31: 'Audi R8 LMS GT3 Evo II',
  32: 'Ferrari 296 GT3',
  33: 'Lamborghini Huracán GT3 EVO2',
  34: 'Porsche 992 GT3 R',
  35: 'McLaren 720S GT3 Evo',
  36: 'Ford Mustang GT3',
  50: 'Alpine A110 GT4',
  51: 'AMR V8 Vantage GT4',
  52: 'Audi R8 LMS GT4',
  53: 'BMW M4 GT4',
  55: 'Chevrolet Camaro GT4.R',
  56: 'Ginetta G55 GT4',
  57: 'KTM X-Bow GT4',
  58: 'Maserati MC GT4',
  59: 'McLaren 570S GT4',
  60: 'Mercedes-AMG GT4',
  61: 'Porsche 718 Cayman GT4 Clubsport',
  80: 'Audi R8 LMS GT2',
  82: 'KTM X-Bow GT2',
  83: 'Maserati MC20 GT2',
  84: 'Mercedes-AMG GT2',
  85: 'Porsche 911 GT2 RS CS Evo',
  86: 'Porsche 935',
}

export const accCarName = (model: number): string => accCars[model] ?? `ACC car model ${model}`

/** The model id of a car name (the demo and the tests write files with these). */
export function accCarModel(name: string): number | undefined {
  const found = Object.entries(accCars).find(([, n]) => n === name)
  return found ? Number(found[0]) : undefined
}

/**
 * The class (ACC's `carGroup`) of a car model, for files written before the server wrote its
 * `carGroup`: GT3 unless the model is a GT4, GT2, one-make cup (Porsche Cup: CUP, Lamborghini
 * Super Trofeo: ST, Ferrari Challenge: CHL) or the BMW M2 (TCX).
 */
export function accCarGroup(model: number): string {
  if (model >= 50 && model <= 61) return 'GT4'
  if (model >= 80 && model <= 86) return 'GT2'
  const oneMake: Record<number, string> = { 9: 'CUP', 28: 'CUP', 18: 'ST', 29: 'ST', 26: 'CHL', 27: 'TCX' }
  return oneMake[model] ?? 'GT3'
}

/** ACC's cups within a class (`cupCategory`); 0 is the overall (Pro) cup, named '' here. */
export const accCups: Record<number, string> = { 0: '', 1: 'Pro-Am', 2: 'Am', 3: 'Silver', 4: 'National' }
