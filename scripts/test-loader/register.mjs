// `node --import ./scripts/test-loader/register.mjs`: runs arbor's TypeScript (src, test) for
// `npm run test:unit` and the Fastify 5 line with less start-up than tsx. Every test file is its own
// process, and loading arbor's ~140 modules through tsx cost 1.07 s of CPU per process on Node 20
// (0.88 s through this loader, 0.53 s for the same modules as plain .js; load ~8). This loader
// only transforms `.ts` files (esbuild, with tsx's options, cached by content: transform.cjs,
// filled ahead of the run by warm.cjs);
// resolution stays Node's own, since arbor imports with explicit `.ts` extensions. The child
// processes tests spawn load it too (test/helpers/typescript-child.ts), but for the commands a
// user runs with tsx.
import module from 'node:module'

// Stack traces point at the .ts lines, as under tsx.
process.setSourceMapsEnabled(true)

if (typeof module.registerHooks === 'function') {
  // Node 22.15+: synchronous hooks on the main thread, which cover require() too.
  const { loadSync } = await import('./hooks.mjs')
  module.registerHooks({ load: loadSync })
} else {
  // Node 20: off-thread hooks.
  module.register('./hooks.mjs', import.meta.url)
}
