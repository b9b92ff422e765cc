import { championshipEntryContract, type ChampionshipEntryBody } from '../../../lib/forms/championship-entry.ts'
import type { FormText } from '../../../lib/forms/contract.ts'
import { TextField } from '../../ui/text-field.tsx'
import { useAiStatus } from '../shared/ai-status.ts'
import { ChampionshipGenerator } from './championship-generator.tsx'
import { EntityManager } from '../shared/entity-manager.tsx'
import { RecentlyDeleted } from '../shared/recently-deleted.tsx'
import type { AdminChampionshipEntry } from '../shared/types.ts'
import { StandingsBoard } from './standings-board.tsx'
import { ChampionshipSourceForm } from './championship-source-form.tsx'
import { ImportedSessions } from './imported-sessions.tsx'
import { RaceCalendar } from './race-calendar.tsx'
import { RaceResultsImport } from './race-results-import.tsx'
import { useStandings } from './use-standings.ts'
import { championshipEntryHooks } from './use-championship-entries.ts'

/** What the form holds: the contract's fields as text (the server parses the numbers). */
type Form = FormText<ChampionshipEntryBody>

const blank: Form = {
  name: '',
  team: '',
  points: '0',
  position: '',
  championshipType: 'esports',
  lastLap: '',
  status: '',
  officialUrl: '',
}

/** The tab's parts, in its order: the menu at its top leads to each (issue 36). */
const sections = [
  { target: 'standings-title', label: 'Standings' },
  { target: 'source-form-heading', label: 'Add a championship (sources)' },
  { target: 'import-results-heading', label: 'Import race results' },
  { target: 'race-calendar-heading', label: 'Race calendar' },
  { target: 'championship-entries', label: 'Standing entries' },
] as const

/**
 * Championships tab: every championship's standings, whatever their source (AI, official results,
 * race results), with the AI generator; their sources and the race result imports; the race
 * calendar; then the individual standing entries. A menu at the top leads to each part: with
 * twenty tables the sources and the import had been 3,300 px down (issue 36).
 */
export default function ChampionshipsTab() {
  // The entries wait below the standings until those are in: the standings would push them down
  // as the pointer reaches them (a click aimed at one control would land on another).
  const above = [useAiStatus(), useStandings()]
  return (
    <div className="flex flex-col gap-12">
      <nav aria-label="Parts of the Championships tab" className="-mb-6">
        <ul className="flex flex-wrap gap-2">
          {sections.map((s) => (
            <li key={s.target}>
              <a href={`#${s.target}`} className="btn-outline inline-block">
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="standings-title" className="flex flex-col gap-4">
        {/* Every kind of table is here, not only the AI's: the public page's own title. */}
        <h2 id="standings-title" className="section-title scroll-mt-20">
          Championship Standings
        </h2>
        <ChampionshipGenerator />
        <StandingsBoard />
      </section>
      {/* Standings from real results (docs/decisions/0420, 0421): below the spec's list, so nothing of it moves. */}
      {!above.some((q) => q.isPending) && (
        <section aria-labelledby="real-results-title" className="flex flex-col gap-4">
          <h2 id="real-results-title" className="section-title">
            Standings from Real Results
          </h2>
          <ChampionshipSourceForm />
          <RaceResultsImport />
          <ImportedSessions />
        </section>
      )}
      {/* The race calendar (docs/decisions/0425): a section of its own, below the real results it links to. */}
      {!above.some((q) => q.isPending) && <RaceCalendar />}
      {!above.some((q) => q.isPending) && (
        <div id="championship-entries" className="scroll-mt-20">
          <EntityManager<AdminChampionshipEntry, Form, ChampionshipEntryBody>
            texts={{
              title: 'Championship Entries',
              formTitle: { add: 'Add Standing Entry', edit: 'Edit Standing Entry' },
              submit: { add: 'Add Entry', edit: 'Update Entry' },
              listTitle: (count) => `Standing Entries (${count})`,
              empty: 'No standing entries yet.',
              added: ['Entry Added'],
              updated: ['Entry Updated'],
              deleted: ['Deleted!', 'The standing entry has been deleted.'],
              addFailed: ['Error', 'Failed to add standing entry'],
              updateFailed: ['Error', 'Failed to update standing entry'],
              deleteFailed: ['Error', 'Failed to delete standing entry'],
              deleteQuestion: (e) => `Delete the entry of ${e.name}? This cannot be undone.`,
              itemName: (e) => e.name,
            }}
            hooks={championshipEntryHooks}
            blank={blank}
            fromItem={(e) => ({
              name: e.name,
              team: e.team,
              points: String(e.points),
              position: String(e.position),
              championshipType: e.championshipType,
              lastLap: e.lastLap ?? '',
              status: e.status ?? '',
              officialUrl: e.officialUrl ?? '',
            })}
            contract={championshipEntryContract}
            alwaysSent={['name']}
            toInput={(f) => ({ ...f, points: f.points.trim() || '0' })}
            fields={(f, set) => (
              <>
                <TextField label="Driver name" value={f.name} onChange={(name) => set({ name })} required />
                <TextField label="Team" value={f.team} onChange={(team) => set({ team })} />
                <TextField
                  label="Position"
                  inputMode="numeric"
                  value={f.position}
                  onChange={(position) => set({ position })}
                  required
                />
                <TextField label="Points" inputMode="numeric" value={f.points} onChange={(points) => set({ points })} />
                <TextField
                  label="Championship type"
                  value={f.championshipType}
                  onChange={(championshipType) => set({ championshipType })}
                />
                <TextField
                  label="Last lap"
                  hint="m:ss.sss"
                  value={f.lastLap}
                  onChange={(lastLap) => set({ lastLap })}
                />
                <TextField label="Status" value={f.status} onChange={(status) => set({ status })} />
                <TextField
                  label="Official URL"
                  type="url"
                  value={f.officialUrl}
                  onChange={(officialUrl) => set({ officialUrl })}
                />
              </>
            )}
            item={(e) => (
              <div>
                <p className="font-bold text-white">
                  P{e.position} · {e.name}
                </p>
                <p className="text-sm text-gray-300">
                  {[e.team, `${e.points} pts`, e.championshipType, e.lastLap, e.status].filter(Boolean).join(' · ')}
                </p>
              </div>
            )}
          />
        </div>
      )}
      {/* Last in the tab, after the entries have come in: nothing below it moves when it loads. */}
      {!above.some((q) => q.isPending) && <RecentlyDeleted entity="standings" title="Recently deleted standings" />}
    </div>
  )
}
