import type { RootState } from '../context/state.ts'
import type { PrintRoutesOptions } from '../types/server.ts'

/** The route tree as text (find-my-way's printer). */
export function printRoutes(root: RootState, options: PrintRoutesOptions = {}): string {
  return root.router.prettyPrint(options as Parameters<RootState['router']['prettyPrint']>[0])
}
