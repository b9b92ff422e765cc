/**
 * Date inputs hold a day without a zone; the API takes ISO dates. (Times of day are typed on the
 * site's clock: src/lib/panel-time.ts `toInput` / `fromInput`.)
 */

/** An ISO instant as a date input's value (its UTC day: review dates are days, stored at 00:00 UTC). */
export const toDateInput = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10) : '')
