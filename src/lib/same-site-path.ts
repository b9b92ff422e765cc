/**
 * A path on this site that a form may carry and a page may link back to (the newsletter's sign-up
 * says where the reader came from): one '/' then anything but a second '/' or '\' right away (a
 * browser reads '//host' and '/\host' as another site), no backslash, space or control character
 * anywhere, and not too long. Anything else is no path at all, and is ignored.
 */
const SAME_SITE_PATH = /^\/(?![/\\])[^\\\s\u0000-\u001f\u007f]{0,299}$/

export function sameSitePath(value: unknown): string | undefined {
  return typeof value === 'string' && SAME_SITE_PATH.test(value) ? value : undefined
}
