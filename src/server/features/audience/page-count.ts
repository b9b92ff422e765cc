import { getAnalyticsSettings } from './analytics-settings.repo.ts'

/**
 * What a rendered page writes on its `<body>` for its beacon (src/components/public/page-view.ts):
 * "one view in N", or nothing when counting is off, so that an uncounted page costs no function
 * call. Nothing either when the settings cannot be read: the page still renders (and the next
 * render asks again).
 */
export async function pageCountRate(): Promise<number | undefined> {
  try {
    const settings = await getAnalyticsSettings()
    return settings.enabled ? settings.sampleRate : undefined
  } catch {
    return undefined
  }
}
