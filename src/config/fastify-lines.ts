// Every difference between the two Fastify lines arbor implements, one row each (DESIGN.md
// "Two Fastify lines, one framework"). Fastify 5's additions are in every line and are not
// listed here; a row exists only where the same call gives a Fastify 4.25 app and a Fastify 5
// app different results. The line is chosen once per application (`fastifyLine`, or the
// `arbor/fastify4` and `arbor/fastify5` entries) and each row is read when the app or a route
// is built, never per request. docs/fastify-lines.md is this table in prose, with its tests.

/** The Fastify major lines an application can follow. */
export type FastifyLineNumber = 4 | 5

/** How one Fastify line behaves where the two lines differ. */
export interface FastifyLine {
  readonly major: FastifyLineNumber
  /** `instance.version`: the Fastify release whose behaviour the app follows */
  readonly version: string
  /** `request.hostname` keeps the Host header's port (4.25) or drops it (5; see `request.port`) */
  readonly hostnameWithPort: boolean
}

/** The rows of the table, by line. */
export const fastifyLines: Readonly<Record<FastifyLineNumber, FastifyLine>> = {
  4: {
    major: 4,
    version: '4.25.2',
    hostnameWithPort: true,
  },
  5: {
    major: 5,
    version: '5.12.1',
    hostnameWithPort: false,
  },
}

/** The line arbor follows when an application does not choose: the spec's, Fastify 4.25. */
export const defaultFastifyLine: FastifyLineNumber = 4

/** Every implemented line's Fastify version, for the plugin version check. */
export const implementedFastifyVersions: readonly string[] = Object.values(fastifyLines).map(
  (line) => line.version,
)
