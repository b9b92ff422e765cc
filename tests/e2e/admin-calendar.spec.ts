import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from '@playwright/test'
import { sessionTimeText } from '../../src/lib/calendar.ts'
import { adminLogin, tickScheduler, waitForPublish } from '../helpers/e2e-admin.ts'
import { expect, expectToast, openTab, unique } from '../helpers/e2e-admin-ui.ts'

/** Public pages show a write once its purge has gone through (seconds; docs/decisions/0700). */
const PUBLISHED = { timeout: 30_000, intervals: [500, 1_000, 2_000] }

// The reader is in Tokyo: the calendar's times, UTC in the HTML, are shown in the browser's zone.
test.use({ timezoneId: 'Asia/Tokyo', locale: 'en-US' })

test('the race calendar shows Formula 1 and the owner events in the reader time zone; a round written by npm run demo:results imports through the Championships tab and is linked from its event', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000)
  await adminLogin(request, testInfo)
  // The scheduler's tick reads Formula 1's schedule (the fake's season around today) when due.
  await tickScheduler(request, new Date())
  const name = unique('Tokyo Night 60')
  const day = 86_400_000
  const start = new Date(Math.floor(Date.now() / day) * day + 4 * day + 10 * 3_600_000)
  const folder = mkdtempSync(path.join(tmpdir(), 'demo-results-'))
  let importedRound = false
  try {
    // The owner puts a race on the Sim GT Cup's calendar, its start in UTC.
    await openTab(page, testInfo, 'championships', 'Race Calendar')
    const section = page.getByRole('region', { name: 'Race Calendar' })
    await section.getByLabel('Championship of the event').selectOption({ label: 'Sim GT Cup' })
    await section.getByLabel('Event name').fill(name)
    await section.getByLabel('Track').fill('Fuji Speedway')
    await section.getByRole('button', { name: 'Remove session 1' }).click()
    await section.getByLabel('Session 1 name').fill('Race')
    await section.getByLabel('Session 1 start (UTC)').fill(start.toISOString().slice(0, 16))
    await section.getByRole('button', { name: 'Add Event' }).click()
    await expectToast(page, 'Event Added', name)

    // /calendar: the session at 10:00 UTC reads 7:00 PM in Tokyo, and Formula 1's weekends are there.
    const tokyo = sessionTimeText(start, 'Asia/Tokyo')
    expect(tokyo).toContain('7:00 PM')
    await expect(async () => {
      await page.goto('/calendar')
      const event = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) })
      await expect(event.locator(`time[datetime="${start.toISOString()}"]`)).toHaveText(tokyo, { timeout: 2_000 })
      await expect(page.getByText('Asia/Tokyo', { exact: true })).toBeVisible({ timeout: 2_000 })
      await expect(page.getByRole('heading', { name: 'Japanese Grand Prix' })).toBeVisible({ timeout: 2_000 })
    }).toPass(PUBLISHED)
    await expect(page.getByRole('link', { name: 'Subscribe to all races (iCalendar)' })).toHaveAttribute(
      'href',
      '/calendar.ics',
    )

    // The demo's next round, written as the README says, imported as the owner would.
    execFileSync('npm', ['run', '--silent', 'demo:results', '--', folder], { stdio: 'pipe' })
    const [fileName] = readdirSync(folder)
    await openTab(page, testInfo, 'championships', 'Race Calendar')
    const importer = page.getByRole('region', { name: 'Import Race Results' })
    await importer.getByLabel('Result file').setInputFiles({
      name: fileName!,
      mimeType: 'application/json',
      buffer: readFileSync(path.join(folder, fileName!)),
    })
    await expect(importer.getByText('Race at Silverstone (2019)')).toBeVisible()
    await importer.getByLabel('Championship').selectOption({ label: 'Sim GT Cup' })
    await importer.getByLabel('Round').fill('3')
    await importer.getByRole('button', { name: 'Import Results' }).click()
    await expectToast(page, 'Results Imported', 'Round 3 of Sim GT Cup: 16 cars')
    importedRound = true

    // Its calendar event links the results.
    await expect(async () => {
      await page.goto('/calendar')
      const round = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Silverstone 60' }) })
      await expect(round.getByRole('link', { name: /^Results: won by / })).toBeVisible({ timeout: 2_000 })
    }).toPass(PUBLISHED)
    await waitForPublish(request)
  } finally {
    rmSync(folder, { recursive: true, force: true })
    const { events } = (await (await request.get('/api/admin/calendar')).json()) as {
      events: { id: number; name: string }[]
    }
    for (const e of events.filter((e) => e.name === name)) await request.delete(`/api/admin/calendar/events/${e.id}`)
    if (importedRound) {
      // The lane's other tests meet the demo as seeded.
      const sessions = (await (await request.get('/api/admin/race-results')).json()) as {
        id: number
        round: number
        championshipName: string
      }[]
      for (const s of sessions.filter((s) => s.championshipName === 'Sim GT Cup' && s.round === 3)) {
        await request.delete(`/api/admin/race-results/${s.id}`)
      }
    }
  }
})
