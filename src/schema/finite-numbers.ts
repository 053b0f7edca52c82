import type { Ajv } from 'ajv'
import { requireLazily } from '../config/lazy-require.ts'

const keyword = 'x-arbor-finite-number'

/**
 * Makes every typed schema refuse a non-finite number, coerced or not (issue 13).
 *
 * Ajv's `strictNumbers` (on by default) refuses `Infinity` and `NaN` in its type check, but
 * coercion runs after that check and is not checked again: `"1e400"` and `"Infinity"` pass
 * `data == +data` and become `Infinity`, which then passes `integer` and `number`, skips
 * `minimum`/`maximum`, and is serialized as `null`. This keyword runs after coercion on every
 * schema that has a `type`, and reports Ajv's own type error (`must be integer`), so the
 * request gets the usual 400 FST_ERR_VALIDATION.
 */
export function refuseNonFiniteNumbers(ajv: Ajv): void {
  // A user who turned `strictNumbers` off asked for Infinity and NaN to be numbers.
  if (ajv.opts.strictNumbers === false) return
  // Loaded with the compiler: an application without route schemas never loads Ajv.
  const { _ } = requireLazily('ajv') as typeof import('ajv')
  const { reportTypeError } = requireLazily(
    'ajv/dist/compile/validate/dataType.js',
  ) as typeof import('ajv/dist/compile/validate/dataType.js')
  ajv.addKeyword({
    keyword,
    code(cxt) {
      // Only a schema whose type admits a number can end up holding one: elsewhere coercion
      // makes a string, boolean, array or object, and the check would be dead code that every
      // compile pays for (about a sixth of a validator's source).
      if (!admitsNumber(cxt.parentSchema as { type?: unknown })) return
      cxt.gen.if(_`typeof ${cxt.data} == "number" && !isFinite(${cxt.data})`, () =>
        reportTypeError(cxt.it),
      )
    },
  })
  // Ajv applies a keyword only where the schema has it, or one of the keywords it
  // `implements`. `implements` cannot be given to addKeyword here, because addKeyword then
  // registers 'type' again and throws; set on the rule afterwards it only widens where this
  // rule applies: every schema with a `type`, which is every schema Ajv may coerce.
  const rule = ajv.RULES.all[keyword]
  if (typeof rule === 'object') rule.definition.implements = ['type']
}

function admitsNumber(schema: { type?: unknown }): boolean {
  const type = schema.type
  const types = Array.isArray(type) ? type : [type]
  return types.includes('number') || types.includes('integer')
}
