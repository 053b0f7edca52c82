/** `listen()` options. */
export interface ListenOptions {
  port?: number | string
  host?: string
  backlog?: number
}
export type ListenCallback = (err: Error | null, address: string) => void

/** `printRoutes()` options (find-my-way's printer). */
export interface PrintRoutesOptions {
  /** print the routes as a list of methods per path instead of the radix tree */
  commonPrefix?: boolean
  includeMeta?: boolean | string[]
  includeHooks?: boolean
  method?: string
}

/** One address the server listens on. */
export interface ListeningAddress {
  address: string
  family: string
  port: number
}
