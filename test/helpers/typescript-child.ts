// The node flags a test's child process needs to run arbor's TypeScript: the test loader
// (scripts/test-loader/register.mjs), whose start-up costs about half of tsx's (0.6 s of CPU
// against 1.1 s per process on Node 20). Tests of the commands a user runs with tsx (the
// example app behind `npm start`, `arbor start` on a .ts app) keep `--import tsx`.
export const typescriptChild: readonly string[] = [
  '--import',
  new URL('../../scripts/test-loader/register.mjs', import.meta.url).href,
]
