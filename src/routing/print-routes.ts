import type { RootState } from '../context/state.ts'

export interface PrintRoutesOptions {
  /** print the routes as a list of methods per path instead of the radix tree */
  commonPrefix?: boolean
  includeMeta?: boolean | string[]
  includeHooks?: boolean
  method?: string
}

/** The route tree as text (find-my-way's printer). */
export function printRoutes(root: RootState, options: PrintRoutesOptions = {}): string {
  return root.router.prettyPrint(options as Parameters<RootState['router']['prettyPrint']>[0])
}
