import { Hono } from 'hono'
import { publicCache } from '../../http/cache.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { getSetting } from './site-settings.repo.ts'

export const siteSettingsRoutes = new Hono().use(publicCache('site-settings')).get('/:key', async (c) => {
  const key = c.req.param('key')
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(key)) throw badRequest('Invalid setting key.')
  const setting = await getSetting(key)
  if (!setting) throw notFound('Setting not found')
  return c.json(setting)
})
