import type { ResolvedOptions } from '../config/options.ts'
import { FSTDEP009 } from '../config/warnings.ts'
import { errorCodes } from '../errors.ts'
import type { ConstraintStrategy } from '../types/routing.ts'

/**
 * The router's custom constraint strategies: the `constraints` option, plus a `version`
 * strategy made from the deprecated `versioning` option (FSTDEP009), as Fastify 4 does.
 */
export function routerConstraints(
  options: ResolvedOptions,
): Record<string, ConstraintStrategy> | undefined {
  const versioning = options.versioning
  if (versioning === undefined) return options.constraints
  FSTDEP009()
  return {
    ...options.constraints,
    version: {
      name: 'version',
      mustMatchWhenDerived: true,
      storage: versioning.storage as ConstraintStrategy['storage'],
      deriveConstraint: versioning.deriveVersion,
      validate(value: unknown) {
        if (typeof value !== 'string') throw new errorCodes.FST_ERR_VERSION_CONSTRAINT_NOT_STR()
      },
    },
  }
}
