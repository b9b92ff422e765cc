import type { NetlifyFunction } from '@netlify/functions'
import { markBuildFinished, markBuildStarted } from '../../src/server/publish/publish.ts'

/**
 * Netlify's deploy events move the admin's publish status along in production
 * (docs/decisions/0203-publishing-pipeline.md). Event handlers only: Netlify calls them, a plain
 * HTTP request cannot (the function has no fetch handler and no path).
 */
export default {
  async deployBuilding() {
    await markBuildStarted()
  },
  async deploySucceeded() {
    await markBuildFinished(null)
  },
  async deployFailed(event) {
    await markBuildFinished(event.deploy.errorMessage || 'The Netlify deploy failed.')
  },
} satisfies NetlifyFunction
