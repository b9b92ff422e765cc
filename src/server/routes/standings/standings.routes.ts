import { Hono } from 'hono'
import { publicCache } from '../../http/cache.ts'
import { listStandings } from './standings.repo.ts'

export const standingsRoutes = new Hono()
  .use(publicCache('standings'))
  .get('/', async (c) => c.json(await listStandings()))
