import { Hono } from 'hono'
import { z } from 'zod'
import { recordWrite } from '../../audit/record-writes.ts'
import { materializeImageUrl } from '../../blobs/images.ts'
import { noStore, publicCache } from '../../http/cache.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { isSafeUrl } from '../../http/fields.ts'
import { jsonBody } from '../../http/validate.ts'
import { getSetting, setSetting } from '../../repos/site-settings.repo.ts'

const overlayMessage = 'The overlay transparency must be a whole number from 0 to 80.'
const heroMessage = 'The hero image must be an http(s) URL or a path on this site.'

/** The two settings the home-screen tab saves (spec 001): hero_image (URL or '' to clear) and overlay_transparency (0-80). */
const settingBody = z.discriminatedUnion(
  'key',
  [
    z.object({
      key: z.literal('hero_image'),
      value: z
        .string({ message: heroMessage })
        .trim()
        .refine((v) => v === '' || v.startsWith('data:') || (v.length <= 2048 && isSafeUrl(v)), heroMessage),
    }),
    z.object({
      key: z.literal('overlay_transparency'),
      value: z
        .union(
          [
            z.number(),
            z
              .string()
              .trim()
              .regex(/^\d{1,3}$/, overlayMessage),
          ],
          { message: overlayMessage },
        )
        .transform(Number)
        .refine((n) => Number.isInteger(n) && n >= 0 && n <= 80, overlayMessage),
    }),
  ],
  { message: "The setting key must be 'hero_image' or 'overlay_transparency'." },
)

/**
 * The settings public pages read (the home page's hero image and overlay), the same two this route
 * writes, each write purging the 'site-settings' tag. Every other key of site_settings (the
 * owner's time zone, the demo marker) is no visitor's business: 404, as an unknown key. The panel
 * reads any key through /api/admin/site-settings.
 */
export const publicSettingKeys: ReadonlySet<string> = new Set(settingBody.options.map((o) => o.shape.key.value))

async function readSetting(key: string, allowed: (key: string) => boolean = () => true) {
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(key)) throw badRequest('Invalid setting key.')
  const setting = allowed(key) ? await getSetting(key) : undefined
  if (!setting) throw notFound('Setting not found')
  return setting
}

export const siteSettingsRoutes = new Hono()
  .use(publicCache(['site-settings']))
  .get('/:key', async (c) => c.json(await readSetting(c.req.param('key'), (key) => publicSettingKeys.has(key))))
  .post('/', jsonBody(settingBody), async (c) => {
    const body = c.req.valid('json')
    const value =
      body.key === 'hero_image' ? await materializeImageUrl(c.var.platform.blobs, body.value) : String(body.value)
    const setting = await setSetting(body.key, value)
    recordWrite(c, {
      entity: 'site-setting',
      id: body.key,
      summary: `Set ${body.key} to ${value.slice(0, 200)}`,
    })
    return c.json(setting)
  })

/** Mounted at /api/admin/site-settings: the Home Screen tab's settings, read fresh, never a CDN copy (docs/decisions/0702). */
export const siteSettingsAdminRoutes = new Hono()
  .use(noStore())
  .get('/:key', async (c) => c.json(await readSetting(c.req.param('key'))))
