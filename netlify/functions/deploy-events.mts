import type { NetlifyFunction } from '@netlify/functions'
import { markBuildFinished, markBuildStarted } from '../../src/server/deploys/deploy-hook.ts'

/**
 * Netlify's deploy events move the admin's publish status along in production
 * (docs/decisions/0203-publishing-pipeline.md), in the shape Netlify documents for event handlers:
 * a default object with one method per event. The build records the subscriptions in its manifest
 * (`eventSubscriptions`), and Netlify invokes the function with an `x-netlify-event` header and a
 * signed `{ payload, site }` body that its runtime turns into the typed event
 * (docs/decisions/0303-deploy-artifact-test.md). An ordinary HTTP request has no event: `fetch`
 * refuses it clearly instead of the runtime's 500 ("handler is not a function").
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
  fetch() {
    return Response.json({ message: 'This function only receives Netlify deploy events.' }, { status: 404 })
  },
} satisfies NetlifyFunction
