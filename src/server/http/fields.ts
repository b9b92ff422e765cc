/**
 * The field schemas live with the form contracts (src/lib/forms/fields.ts), which the browser uses
 * too; the server's routes that are not form bodies import them from here.
 */
export * from '../../lib/forms/fields.ts'
