import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** `arbor --help`. docs/cli.md says the same at length. */
export const HELP = `Usage: arbor <command> [flags] <app> [-- plugin options]

Commands:
  start <app>     load the app and listen (the default way to run an arbor app)
  routes <app>    load the app without listening and print its routes (printRoutes)
  inspect <app>   load the app without listening and print its context tree (printContexts)
  help            this text
  version         arbor's version

<app> is a module whose default export is a plugin, async (app, opts) => {...} as in
fastify-cli, or an arbor instance. A .ts file runs as is on Node 22.18+.

Flags (start; those marked * also for routes and inspect):
  -p, --port <n>          port, 0 for a free one        [env PORT, default 3000]
  -a, --host <addr>       address to listen on          [env HOST, default 127.0.0.1]
  -l, --log-level <lvl> * fatal error warn info debug trace silent
                                                        [env LOG_LEVEL, default info]
  -x, --prefix <path>   * prefix of the app plugin's routes
  -o, --options [json]  * give the factory the module's \`options\` export,
                          with this JSON object merged over it
      --fastify-line <4|5> * the Fastify line the app follows (default 4)
      --grace-ms <n>      how long a graceful close may take (default 10000)
  -w, --watch             restart when a loaded file changes (node --watch)
      --workers <n|auto>  n processes through node:cluster on one port;
                          auto = available parallelism
  -h, --help  -v, --version

After --, --name value pairs become the plugin's options.
Signals: SIGTERM/SIGINT drain and exit 0; with --workers, SIGHUP restarts the workers
one at a time. Exit codes: 0 done, 1 failed, 2 usage error.
`

/** arbor's version, from the package.json above the CLI (dist/cli/ or src/cli/). */
export function version(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string
        version?: string
      }
      if (pkg.name === 'arbor' && typeof pkg.version === 'string') return pkg.version
    } catch {
      // no package.json here: look one folder up
    }
    const parent = dirname(dir)
    if (parent === dir) return 'unknown'
    dir = parent
  }
}
