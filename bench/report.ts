// Renders results as tables (the console and BENCHMARKS.md use the same Markdown).
import { FRAMEWORKS } from './frameworks.ts'
import type { Results, ScenarioResult, Summary } from './results.ts'
import type { StartupRow } from './startup/run.ts'
import type { Spread } from './stats.ts'

type Format = (n: number) => string

const int: Format = (n) => Math.round(n).toLocaleString('en-US')
const fixed =
  (digits: number): Format =>
  (n) =>
    n.toFixed(digits)
const mb: Format = (n) => (n / 1024 / 1024).toFixed(1)
const percent: Format = (n) => `${Math.round(n * 100)}%`

/** "median (min–max)", or the median alone when there was one round. */
function show(value: Spread | null, format: Format): string {
  if (!value) return '–'
  if (value.n === 1 || format(value.min) === format(value.max)) return format(value.median)
  return `${format(value.median)} (${format(value.min)}–${format(value.max)})`
}

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n')
}

function scenarioRow(s: Summary): string[] {
  if (!s.reqPerSec)
    return [
      s.label,
      `FAILED: ${s.failures[0] ?? 'no measurement'}`,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]
  const note = [
    s.failures.length ? `${s.failures.length} round(s) failed` : '',
    s.badResponses ? `${s.badResponses} errors/non-2xx` : '',
  ]
    .filter(Boolean)
    .join(', ')
  return [
    note ? `${s.label} (${note})` : s.label,
    show(s.reqPerSec, int),
    show(s.cpuUsPerRequest, fixed(2)),
    show(s.p99Ms, int),
    show(s.rssBytes, mb),
    show(s.serverCpuShare, percent),
    show(s.otherCpuShare, percent),
    show(s.ratios.fastify4.reqPerSec, fixed(2)),
    show(s.ratios.fastify4.cpuUsPerRequest, fixed(2)),
    show(s.ratios.node.reqPerSec, fixed(2)),
    show(s.ratios.node.cpuUsPerRequest, fixed(2)),
  ]
}

export function scenarioTable(result: ScenarioResult): string {
  const rows = table(
    [
      'framework',
      'req/s',
      'CPU µs/req',
      'p99 ms',
      'RSS MB',
      'server busy',
      'other procs',
      'req/s ÷ fastify 4',
      'CPU ÷ fastify 4',
      'req/s ÷ node',
      'CPU ÷ node',
    ],
    result.summaries.map(scenarioRow),
  )
  const paired = result.summaries.flatMap((s) =>
    (['fastify4', 'node'] as const).flatMap((base) => {
      const ratio = s.paired[base]
      if (!ratio) return []
      const name = base === 'node' ? 'node:http' : 'fastify 4'
      const req = s.pairedReq?.[base]
      const throughput = req ? `, requests completed ${show(req, fixed(2))}` : ''
      return [
        `${s.label} ÷ ${name}: CPU/req ${show(ratio, fixed(2))}${throughput} (${ratio.n} rounds)`,
      ]
    }),
  )
  if (!paired.length) return rows
  return `${rows}\n\nPaired (both servers loaded at the same time on one core): ${paired.join('; ')}.`
}

export function startupTable(rows: StartupRow[]): string {
  const base = rows.find((r) => r.framework === 'fastify4')
  const vs = (row: StartupRow, key: 'readyMs' | 'rssBytes') => {
    const mine = row[key]?.median
    const theirs = base?.[key]?.median
    return mine !== undefined && theirs ? (mine / theirs).toFixed(2) : '–'
  }
  return table(
    [
      'framework',
      'ready() ms',
      'RSS after ready MB',
      'ready ÷ fastify 4',
      'RSS ÷ fastify 4',
      'import ms',
      'process start → ready ms',
    ],
    rows.map((row) =>
      row.failure
        ? [label(row.framework), `FAILED: ${row.failure}`, '', '', '', '', '']
        : [
            label(row.framework),
            show(row.readyMs, fixed(1)),
            show(row.rssBytes, mb),
            vs(row, 'readyMs'),
            vs(row, 'rssBytes'),
            show(row.importMs, fixed(1)),
            show(row.processMs, fixed(1)),
          ],
    ),
  )
}

function label(framework: string): string {
  return FRAMEWORKS.find((f) => f.name === framework)?.label ?? framework
}

interface Target {
  what: string
  /** Median of the per-round ratios, rows measured one after the other. */
  value: number | undefined
  /** Median of the paired ratios (both loaded at once: CPU/req, or requests completed); it decides. */
  paired?: number | undefined
  limit: number
  atLeast: boolean
}

/** Issue 7's targets for arbor, checked against the medians of this run. */
export function targets(results: Results): string {
  const find = (scenario: string) =>
    results.scenarios
      .find((s) => s.name === scenario)
      ?.summaries.find((s) => s.framework === 'arbor')
  const list: Target[] = []
  for (const scenario of ['hello', 'params', 'nested', 'plugins']) {
    const arbor = find(scenario)
    const bases = scenario === 'hello' ? (['fastify4', 'node'] as const) : (['fastify4'] as const)
    for (const base of bases) {
      const name = base === 'node' ? 'node:http' : 'fastify 4'
      list.push(
        {
          what: `${scenario}: req/s ÷ ${name}`,
          value: arbor?.ratios[base].reqPerSec?.median,
          paired: arbor?.pairedReq?.[base]?.median,
          limit: base === 'node' ? 0.95 : 1,
          atLeast: true,
        },
        {
          what: `${scenario}: CPU/req ÷ ${name}`,
          value: arbor?.ratios[base].cpuUsPerRequest?.median,
          paired: arbor?.paired[base]?.median,
          limit: base === 'node' ? 1.05 : 1,
          atLeast: false,
        },
      )
    }
  }
  const arbor = results.startup.find((r) => r.framework === 'arbor')
  const f4 = results.startup.find((r) => r.framework === 'fastify4')
  const div = (a: number | undefined, b: number | undefined) =>
    a !== undefined && b !== undefined ? a / b : undefined
  list.push(
    {
      what: 'startup: ready ÷ fastify 4',
      value: div(arbor?.readyMs?.median, f4?.readyMs?.median),
      limit: 0.8,
      atLeast: false,
    },
    {
      what: 'startup: RSS ÷ fastify 4',
      value: div(arbor?.rssBytes?.median, f4?.rssBytes?.median),
      limit: 1,
      atLeast: false,
    },
  )
  const number = (n: number | undefined) => (n === undefined ? '–' : n.toFixed(2))
  return table(
    ['target', 'wanted', 'one after the other (median)', 'paired (median)', 'met'],
    list.map((t) => {
      const decisive = t.paired ?? t.value
      const met =
        decisive === undefined
          ? '–'
          : (t.atLeast ? decisive >= t.limit : decisive <= t.limit)
            ? 'yes'
            : 'no'
      return [
        t.what,
        `${t.atLeast ? '≥' : '≤'} ${t.limit.toFixed(2)}`,
        number(t.value),
        number(t.paired),
        met,
      ]
    }),
  )
}

export function markdown(results: Results): string {
  const m = results.machine
  const s = results.settings
  const versions = Object.entries(results.versions)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ')
  const parts = [
    '# Benchmarks',
    '',
    `arbor side by side with the frameworks a user would pick instead, measured in one run on one machine. Generated by \`bench/run.ts\` on ${results.date}; reproduce with:`,
    '',
    '```sh',
    results.command,
    '```',
    '',
    '## Machine and versions',
    '',
    `- CPU: ${m.cpu}, ${m.cores} cores (\`nproc\`), Linux ${m.kernel}`,
    `- Node ${m.node}`,
    `- ${versions}`,
    `- Load: autocannon ${results.versions.autocannon}, ${s.connections} connections, pipelining ${s.pipelining}. Per scenario, one server process per framework is started, its answers are checked, and ${s.warmup} s of load warms it up; then ${s.rounds} round(s) of ${s.duration} s measured bursts, frameworks interleaved (A B C … A B C …), so each round compares frameworks loaded seconds apart`,
    `- Pinning: ${s.pinning}; nice level of the runner and servers: ${s.nice}`,
    '',
    '## How to read the tables',
    '',
    '- Every figure is the median over the rounds, with the spread (min–max) in parentheses. Ratios are taken per round (each framework against fastify 4 or node:http measured in the same round) and then their median and spread are reported.',
    '- **req/s**: requests completed during the measured load divided by its duration. With one core for autocannon, the load generator can saturate before the server does (see *server busy*), so small req/s differences are noise.',
    "- **CPU µs/req**: user+sys CPU time of the server process (all its threads, from `/proc/<pid>/stat`) over the measured window, divided by the requests completed. This is the steadier figure: it barely moves with the machine's throughput swings, though it rises a little when the server is not saturated (see *server busy*).",
    "- **p99 ms**: autocannon's 99th-percentile latency. **RSS MB**: the server's VmRSS right after the load.",
    "- **server busy**: the server's CPU time over the window divided by wall time (100% = its core was saturated). Per-request CPU is lowest when the server is saturated (pipelined requests arrive in bigger batches), so compare CPU figures between rows that are similarly busy.",
    '- **other procs**: CPU that other processes on the machine used during the window, in cores (from `/proc/stat`, minus the server and autocannon). Above ~10% something competed with the benchmark for the two cores and that round is less reliable; the median over rounds is there to outvote such rounds.',
    "- **Paired ratio**: arbor and fastify 4 (then arbor and node:http) are loaded at the same time, each with half the connections, both servers on the server core; the ratio of their CPU per request over the same window does not see the machine's speed drifting between one row and the next, which on a shared VM moves single rows by ±30%. The order in which the two loads start alternates by round. The same window also gives a throughput ratio: the requests each server completed while the two shared one core. The targets below are judged on the paired figures.",
    "- Before it is loaded, every server's answer to each request of the scenario is checked once (status, exact body, JSON content type); a wrong answer fails the row instead of being measured.",
    '',
  ]
  for (const scenario of results.scenarios) {
    parts.push(`## ${scenario.name}`, '', scenario.description, '', scenarioTable(scenario), '')
  }
  if (results.startup.length) {
    parts.push(
      '## startup',
      '',
      `1,000 routes (half static, half parametric) over 50 plugins; each run a fresh process pinned to the server core; median (min–max) of ${s.startupRuns} runs per framework, interleaved. *ready() ms* runs from the factory call to \`ready()\` resolving; *import ms* is loading the framework module; *process start → ready* adds Node's own boot.`,
      '',
      startupTable(results.startup),
      '',
    )
  }
  if (results.scenarios.some((sc) => sc.summaries.some((x) => x.framework === 'arbor'))) {
    parts.push('## Issue 7 targets', '', targets(results), '')
  }
  parts.push(
    '## Running and extending',
    '',
    '- `npm run bench` (full, this file), `npm run bench:quick` (one short round, writes `bench/results/quick.json` only), `npm run bench -- --help` for the options (`--only fastify4,node`, `--scenarios hello`, `--rounds 3`, …).',
    '- Servers are built from `bench/scenarios/<name>.ts`: each file exports a `scenario` with the requests to send, the exact answer to each, and one setup per framework kind (`fastify` for arbor and both Fastify versions, `express`, `hono`, `node`). A new scenario (e.g. `schema`, `serialize`) is one new file; a framework it has no setup for is skipped.',
    '- arbor is built with `tsc -p tsconfig.build.json` and loaded from `dist/index.js`; the bench servers are compiled to `bench/dist/`, so no server runs with a TypeScript loader.',
    "- `--nice=-10` runs the benchmark in a session of its own at a higher priority (Linux schedules each session as a group, so a plain `nice` would not count against other sessions' work). On a machine shared with other work it is the difference between a server core that is busy with the benchmark and one that is not; the *other procs* column shows what still got in.",
    '- `npx tsx bench/profile.ts arbor hello` profiles one server under load (`--cpu-prof`): it writes `bench/results/<framework>-<scenario>.cpuprofile` (open it in Chrome DevTools for a flame graph) and prints the functions with the most self time during the load window. `ARBOR_ENTRY=path/to/index.js npm run bench -- --only arbor,fastify4` measures another build of arbor (e.g. a patched copy of `dist/`) against the peers.',
    `- Raw results: \`${s.out}\`.`,
    '',
  )
  return parts.join('\n')
}
