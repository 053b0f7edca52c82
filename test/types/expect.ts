// Type assertions for the type tests in this folder: they compile, or `npm run typecheck` fails.

/** Whether A and B are the same type (not merely assignable either way). */
export type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false

/**
 * Compiles only when `actual`'s type is exactly `Expected`; the error names both types.
 * @example
 * expectType<{ name: string }>()(request.body)
 */
export function expectType<Expected>() {
  return <Actual>(
    _actual: Actual,
    ..._mismatch: Equal<Actual, Expected> extends true
      ? []
      : [error: 'types differ', actual: Actual, expected: Expected]
  ): void => {}
}
