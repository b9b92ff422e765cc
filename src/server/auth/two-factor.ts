import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { renderSVG } from 'uqr'
import { siteUrl } from '../../env.server.ts'
import { SITE_NAME } from '../../lib/structured-data.ts'
import { db } from '../db/client.ts'
import { adminCredentials } from '../db/schema.ts'
import { hashPassword, recoveryCodeCost, verifyPassword } from './password.ts'
import { base32Decode, base32Encode, matchTotp, newTotpSecret, otpauthUri } from './totp.ts'

/**
 * Two-factor login (docs/decisions/0206): the TOTP secret and the recovery codes of the one
 * administrator, in the single admin_credentials row.
 */
export const RECOVERY_CODE_COUNT = 10

const credentials = async () => {
  const [row] = await db().select().from(adminCredentials).where(eq(adminCredentials.id, 1))
  return row
}

export interface TwoFactorState {
  enabled: boolean
  enabledAt: Date | null
  recoveryCodesLeft: number
}

export async function twoFactorState(): Promise<TwoFactorState> {
  const row = await credentials()
  return {
    enabled: Boolean(row?.totpSecret),
    enabledAt: row?.totpEnabledAt ?? null,
    recoveryCodesLeft: row?.totpSecret ? row.recoveryCodeHashes.length : 0,
  }
}

export const isTwoFactorOn = async () => (await twoFactorState()).enabled

export interface TwoFactorSetup {
  secret: string
  otpauthUri: string
  /** The URI as a QR code, drawn here so the browser loads no QR library. */
  qrSvg: string
}

/** A new secret, kept aside until a code from it is confirmed; undefined when two-factor login is on already. */
export async function startTwoFactorSetup(): Promise<TwoFactorSetup | undefined> {
  const secret = newTotpSecret()
  const [row] = await db()
    .update(adminCredentials)
    .set({ totpPendingSecret: secret, updatedAt: new Date() })
    .where(and(eq(adminCredentials.id, 1), isNull(adminCredentials.totpSecret)))
    .returning({ id: adminCredentials.id })
  if (!row) return undefined
  const uri = otpauthUri({ secret, issuer: SITE_NAME, account: `admin@${new URL(siteUrl).hostname}` })
  return { secret, otpauthUri: uri, qrSvg: renderSVG(uri, { ecc: 'M', border: 2, pixelSize: 6 }) }
}

/** `xxxx-xxxx-xxxx`: 60 random bits in base32's lower-case letters and digits 2-7 (never six digits). */
export function newRecoveryCode(): string {
  const chars = base32Encode(randomBytes(8), false).slice(0, 12).toLowerCase()
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`
}

/** What a typed code is: a TOTP code (six digits, spaces forgiven) or a recovery code (case and dashes forgiven). */
export function readCode(code: string): { totp: string } | { recovery: string } {
  const compact = code.replace(/\s/g, '')
  if (/^\d{6}$/.test(compact)) return { totp: compact }
  return { recovery: compact.replace(/-/g, '').toLowerCase() }
}

export type ConfirmResult = { recoveryCodes: string[] } | { error: 'no-setup' | 'wrong-code' }

/**
 * Turns two-factor login on when `code` comes from the secret being set up, and answers the
 * recovery codes: the only time they exist outside their hashes.
 */
export async function confirmTwoFactorSetup(code: string, now = new Date()): Promise<ConfirmResult> {
  const row = await credentials()
  const pending = row?.totpPendingSecret
  if (!pending || row.totpSecret) return { error: 'no-setup' }
  const typed = readCode(code)
  const step = 'totp' in typed ? matchTotp(base32Decode(pending), typed.totp, now.getTime()) : undefined
  if (step === undefined) return { error: 'wrong-code' }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  const hashes = await Promise.all(
    recoveryCodes.map((c) => hashPassword((readCode(c) as { recovery: string }).recovery, recoveryCodeCost)),
  )
  const [done] = await db()
    .update(adminCredentials)
    .set({
      totpSecret: pending,
      totpPendingSecret: null,
      totpEnabledAt: now,
      totpLastStep: step,
      recoveryCodeHashes: hashes,
      updatedAt: now,
    })
    // Unless another setup replaced the secret meanwhile: the code proved the old one only.
    .where(and(eq(adminCredentials.id, 1), eq(adminCredentials.totpPendingSecret, pending)))
    .returning({ id: adminCredentials.id })
  return done ? { recoveryCodes } : { error: 'no-setup' }
}

export type SecondFactor = { kind: 'totp' } | { kind: 'recovery'; recoveryCodesLeft: number }

/**
 * Checks a code typed at login (or to turn two-factor login off) and uses it up: a TOTP code's
 * step becomes the last accepted one, a recovery code is removed. Each update is conditional, so
 * two requests with one code cannot both pass. Undefined when the code is wrong or used.
 */
export async function consumeSecondFactor(code: string, now = new Date()): Promise<SecondFactor | undefined> {
  const row = await credentials()
  if (!row?.totpSecret) return undefined
  const typed = readCode(code)
  if ('totp' in typed) {
    const step = matchTotp(base32Decode(row.totpSecret), typed.totp, now.getTime(), row.totpLastStep)
    if (step === undefined) return undefined
    const [taken] = await db()
      .update(adminCredentials)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(adminCredentials.id, 1),
          or(isNull(adminCredentials.totpLastStep), lt(adminCredentials.totpLastStep, step)),
        ),
      )
      .returning({ id: adminCredentials.id })
    return taken ? { kind: 'totp' } : undefined
  }
  if (!/^[a-z2-7]{12}$/.test(typed.recovery)) return undefined
  for (const hash of row.recoveryCodeHashes) {
    if (!(await verifyPassword(typed.recovery, hash))) continue
    const [left] = await db()
      .update(adminCredentials)
      .set({ recoveryCodeHashes: sql`array_remove(${adminCredentials.recoveryCodeHashes}, ${hash})` })
      .where(and(eq(adminCredentials.id, 1), sql`${hash} = any(${adminCredentials.recoveryCodeHashes})`))
      .returning({ hashes: adminCredentials.recoveryCodeHashes })
    return left ? { kind: 'recovery', recoveryCodesLeft: left.hashes.length } : undefined
  }
  return undefined
}

/**
 * A browser that has logged in with a code is known for a year (decision 0206): the account's
 * limit on codes does not hold it up, so guessing from many addresses cannot keep the owner out.
 * Its cookie is the time it was given and a MAC of that time keyed by the TOTP secret: nothing
 * stored, and a new secret (two-factor login turned off and on, or reset) ends every such trust.
 */
export const TRUSTED_DEVICE_MS = 365 * 24 * 3600 * 1000

const deviceMac = (secret: string, issued: string) =>
  createHmac('sha256', base32Decode(secret)).update(`trusted-device:${issued}`).digest('base64url')

/** The cookie value for the browser that just logged in; undefined when two-factor login is off. */
export async function trustedDeviceToken(now = new Date()): Promise<string | undefined> {
  const secret = (await credentials())?.totpSecret
  if (!secret) return undefined
  const issued = String(Math.floor(now.getTime() / 1000))
  return `${issued}.${deviceMac(secret, issued)}`
}

export async function isTrustedDevice(token: string | undefined, now = new Date()): Promise<boolean> {
  const match = token ? /^(\d{1,12})\.([\w-]{43})$/.exec(token) : null
  if (!match) return false
  const [, issued, mac] = match as unknown as [string, string, string]
  const age = now.getTime() - Number(issued) * 1000
  if (age < -60_000 || age > TRUSTED_DEVICE_MS) return false
  const secret = (await credentials())?.totpSecret
  if (!secret) return false
  return timingSafeEqual(Buffer.from(mac), Buffer.from(deviceMac(secret, issued)))
}

/** Back to the password alone (System tab, or `npm run admin:reset-2fa` when the phone is lost). Answers whether it was on. */
export async function turnOffTwoFactor(): Promise<boolean> {
  const wasOn = await isTwoFactorOn()
  await db()
    .update(adminCredentials)
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      recoveryCodeHashes: [],
      updatedAt: new Date(),
    })
    .where(eq(adminCredentials.id, 1))
  return wasOn
}
