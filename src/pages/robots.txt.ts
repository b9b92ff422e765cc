import type { APIRoute } from 'astro'
import { robotsTxt } from '../lib/feeds.ts'

export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(site?.href ?? 'http://localhost:8888/'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
