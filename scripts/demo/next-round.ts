/** `npm run demo:results [folder]`: round 3's file, to import in the Championships tab (default .data/demo-results). */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DEMO_CUP, demoNextRound } from '../../src/server/demo/race-files.ts'

const folder = process.argv[2] ?? '.data/demo-results'
mkdirSync(folder, { recursive: true })
const file = demoNextRound(new Date())
writeFileSync(path.join(folder, file.fileName), file.bytes)
console.log(
  `wrote ${path.join(folder, file.fileName)} (round 3 of ${DEMO_CUP}, ${file.bytes.length} bytes): import it under Admin > Championships > Import Race Results`,
)
