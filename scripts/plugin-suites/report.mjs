// Compares a plugin's results on real Fastify and on arbor, prints the table
// and the per-plugin lists, and writes the optional results file.
import fs from 'node:fs'

function flatten(files) {
  const tests = new Map()
  for (const f of files ?? [])
    for (const t of f.tests) tests.set(`${f.file} :: ${t.key}`, { ...t, file: f.file })
  return tests
}

/** Per plugin: real passes, arbor passes among them, and the two failure lists. */
export function compare(entry) {
  const real = flatten(entry.real)
  const arbor = flatten(entry.arbor)
  const realFailures = [...real]
    .filter(([, t]) => !t.ok)
    .map(([key, t]) => ({ key, error: t.error }))
  const realPassed = [...real].filter(([, t]) => t.ok).map(([key]) => key)
  const arborOnly = []
  const notReached = new Map() // file -> count, tests arbor never reported
  let arborPassed = 0
  for (const key of realPassed) {
    const t = arbor.get(key)
    if (t?.ok) arborPassed++
    else if (t) arborOnly.push({ key, error: t.error })
    else {
      const file = real.get(key).file
      notReached.set(file, (notReached.get(file) ?? 0) + 1)
    }
  }
  const arborFiles = new Map((entry.arbor ?? []).map((f) => [f.file, f]))
  for (const [file, count] of notReached) {
    const f = arborFiles.get(file)
    const why = f?.fileError ?? (f ? `${f.status}, exited early` : 'not run')
    arborOnly.push({ key: `${file} :: (${count} tests not reached)`, error: why, count })
  }
  return { realPassed: realPassed.length, arborPassed, realFailures, arborOnly }
}

function pad(s, n) {
  const str = String(s)
  return str.length >= n ? str : str + ' '.repeat(n - str.length)
}

export function ratio(c) {
  return c.realPassed ? (c.arborPassed / c.realPassed).toFixed(3) : '-'
}

export function printReport(entries, out = process.stdout) {
  const rows = entries.map((e) => {
    const c = e.status === 'ok' ? compare(e) : undefined
    return [
      e.plugin.name,
      e.plugin.version,
      c ? String(c.realPassed) : '-',
      c ? String(c.arborPassed) : '-',
      c ? ratio(c) : '-',
      e.status === 'ok' ? '' : e.note,
    ]
  })
  const totals = entries.filter((e) => e.status === 'ok').map(compare)
  const realSum = totals.reduce((a, c) => a + c.realPassed, 0)
  const arborSum = totals.reduce((a, c) => a + c.arborPassed, 0)
  rows.push([
    'total',
    '',
    String(realSum),
    String(arborSum),
    realSum ? (arborSum / realSum).toFixed(3) : '-',
    '',
  ])
  const head = ['plugin', 'version', 'real', 'arbor', 'ratio', 'note']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (r) => `| ${r.map((c, i) => pad(c, widths[i])).join(' | ')} |`
  out.write(`${line(head)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`)
  for (const r of rows) out.write(`${line(r)}\n`)
  for (const e of entries) {
    if (e.status !== 'ok') continue
    const c = compare(e)
    if (!c.realFailures.length && !c.arborOnly.length) continue
    out.write(`\n## ${e.plugin.name}@${e.plugin.version}\n`)
    if (c.realFailures.length) {
      out.write(`fail on real Fastify too (left out): ${c.realFailures.length}\n`)
      for (const f of c.realFailures) out.write(`  - ${f.key}: ${f.error ?? ''}\n`)
    }
    if (c.arborOnly.length) {
      out.write(`fail only on arbor: ${c.realPassed - c.arborPassed}\n`)
      for (const f of c.arborOnly) out.write(`  - ${f.key}: ${f.error ?? ''}\n`)
    }
  }
}

/** Arbor-only failures counted by their error line with the specifics blurred. */
export function printCauses(entries, out = process.stdout) {
  const causes = new Map()
  for (const e of entries) {
    if (e.status !== 'ok') continue
    for (const f of compare(e).arborOnly) {
      const k = (f.error ?? '').replace(/\/\S+/g, '<path>').replace(/\d+/g, 'N').slice(0, 160)
      const c = causes.get(k) ?? { n: 0, plugins: new Set() }
      c.n += f.count ?? 1
      c.plugins.add(e.plugin.name.replace('@fastify/', ''))
      causes.set(k, c)
    }
  }
  if (!causes.size) return
  out.write('\narbor-only failures by error line:\n')
  for (const [k, c] of [...causes].sort((a, b) => b[1].n - a[1].n)) {
    out.write(`  ${pad(c.n, 4)} ${k}  [${[...c.plugins].join(', ')}]\n`)
  }
}

export function writeResults(file, entries, meta) {
  if (file.endsWith('.tsv')) {
    const rows = ['plugin\tversion\ttest\treal\tarbor\terror']
    for (const e of entries) {
      const real = flatten(e.real)
      const arbor = flatten(e.arbor)
      for (const [key, t] of real) {
        const a = arbor.get(key)
        const state = (x) => (x ? (x.ok ? 'pass' : 'fail') : 'missing')
        const err = (!a?.ok && (a?.error ?? '')) || (!t.ok && t.error) || ''
        rows.push(
          [e.plugin.name, e.plugin.version, key, state(t), state(a), err]
            .join('\t')
            .replace(/\n/g, ' '),
        )
      }
    }
    fs.writeFileSync(file, `${rows.join('\n')}\n`)
    return
  }
  const json = entries.map((e) => {
    const c = e.status === 'ok' ? compare(e) : undefined
    return {
      plugin: e.plugin.name,
      version: e.plugin.version,
      status: e.status,
      note: e.note,
      realPassed: c?.realPassed,
      arborPassed: c?.arborPassed,
      ratio: c ? Number(ratio(c)) : null,
      realFailures: c?.realFailures,
      arborOnly: c?.arborOnly,
    }
  })
  fs.writeFileSync(file, `${JSON.stringify({ ...meta, plugins: json }, null, 2)}\n`)
}
