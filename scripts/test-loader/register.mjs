// `node --import ./scripts/test-loader/register.mjs`: runs arbor's TypeScript (src, test) for
// `npm run test:unit` at a fraction of tsx's start-up cost. Every test file is its own process, so
// loading tsx (~0.3 s of CPU on Node 20) and its resolver for ~140 modules was the largest part of
// the suite's CPU. This loader only transforms `.ts` files (esbuild, with tsx's options, cached by
// content: transform.cjs); resolution stays Node's own, since arbor imports with explicit `.ts`
// extensions. The child processes tests spawn keep `--import tsx`, as a user's would.
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
