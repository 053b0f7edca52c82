// `node --import ./test/helpers/fastify5-line.ts`: runs arbor's own tests in the Fastify 5 line.
// Every import of src/index.ts from a test resolves to src/fastify5.ts instead, whose exports
// are the same but whose factory builds apps with `fastifyLine: 5`; so the tests that check the
// spec's statements run unchanged against the other line (scripts/test-fastify5-line.ts).
import * as nodeModule from 'node:module'
import { toFastify5Line } from './fastify5-line-hooks.ts'

type Resolved = { url: string }
type SyncHooks = {
  resolve(
    specifier: string,
    context: { parentURL?: string },
    nextResolve: (specifier: string, context: { parentURL?: string }) => Resolved,
  ): Resolved
}
// Node 22.15+ has in-thread hooks; Node 26 deprecates register() (DEP0205), whose warning
// would reach the tests that count process warnings. @types/node 20 does not declare it.
const { registerHooks } = nodeModule as { registerHooks?: (hooks: SyncHooks) => unknown }

if (typeof registerHooks === 'function') {
  registerHooks({
    resolve: (specifier, context, nextResolve) =>
      toFastify5Line(nextResolve(specifier, context), context.parentURL),
  })
} else {
  nodeModule.register('./fastify5-line-hooks.ts', import.meta.url)
}
