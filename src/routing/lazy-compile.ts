import type { RouteContext } from '../request/route-context.ts'
import { whenCompiled } from '../schema/lazy.ts'

/**
 * With compileSchemas 'lazy', a route's validators and serializers may be stand-ins that
 * compile on first use. Each is told where it is kept, so that once compiled the real
 * function takes its place and later requests call it without the stand-in in between.
 */
export function placeCompiled(route: RouteContext): void {
  for (const entry of route.validators ?? []) {
    const validator = entry[2]
    if (validator instanceof Map) {
      for (const [type, fn] of validator)
        whenCompiled(fn, (compiled) => validator.set(type, compiled))
      continue
    }
    whenCompiled(validator, (compiled) => {
      entry[2] = compiled
    })
  }
  const serializers = route.serializers
  if (serializers === null) return
  for (const [key, fn] of serializers.byStatus) {
    whenCompiled(fn, (compiled) => {
      serializers.byStatus.set(key, compiled)
      serializers.byCode.clear()
    })
  }
  for (const byType of serializers.byStatusAndType.values()) {
    for (const [type, fn] of byType) whenCompiled(fn, (compiled) => byType.set(type, compiled))
  }
}
