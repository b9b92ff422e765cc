import { Hono } from 'hono'
import { publicCache } from '../../http/cache.ts'
import { listLibraryImages } from './image-library.repo.ts'

export const imageLibraryRoutes = new Hono()
  .use(publicCache('image-library'))
  .get('/', async (c) => c.json(await listLibraryImages()))
