// dist/index.js as one file. tsc writes one module per source file (about 90), and node
// reads each ES module through a FileHandle of its own: importing arbor took 88 ms, against
// 65 ms for the same code in one file (fresh pinned processes, median of 9). The garbage
// collections during that loading also dropped the FileHandles' shapes again and again,
// which left EventEmitter.init's property stores megamorphic for the life of the process
// (node:http's sockets, requests and responses all pass through it); bundled, they stay
// monomorphic. tsc still writes the declarations and the other entry points:
// dist/commonjs.js and the bearer-auth plugin import ./index.js, so they share this one
// copy of arbor's state. Dependencies stay external, loaded from node_modules as before.
import { build } from 'esbuild'

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'dist/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
