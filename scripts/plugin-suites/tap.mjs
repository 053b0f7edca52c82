// Reads the TAP that `node --test --test-reporter=tap` prints for one file and
// returns its test points. The unit is the leaf test (a test with no subtests),
// as in ../shared/fastify5-suite; a parent that fails on its own (hook, plan,
// throw) counts too, one that fails only because a subtest did does not.

const POINT = /^(\s*)(ok|not ok) \d+(?: - (.*?))?(?: # (SKIP|TODO)\b.*)?$/i
const SUBTEST = /^(\s*)# Subtest: (.*)$/

// TAP escapes '#' and '\' in names; undo it so names read as written.
function unescapeName(name) {
  return (name ?? '').replace(/\\#/g, '#').replace(/\\\\/g, '\\')
}

function scalar(value, lines, i) {
  const v = value.trim()
  if (v === '|-' || v === '|' || v === '>-' || v === '>') {
    const next = lines[i + 1]
    return next === undefined ? '' : next.trim()
  }
  if (v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1).replace(/''/g, "'")
  if (v.startsWith('"') && v.endsWith('"')) {
    try {
      return JSON.parse(v)
    } catch {
      return v.slice(1, -1)
    }
  }
  return v
}

// The YAML block after a point: only the fields the report needs.
function diagnostics(lines, start) {
  const out = {}
  if (lines[start]?.trim() !== '---') return out
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]
    if (line.trim() === '...') break
    const m = /^\s*(failureType|error|code):\s?(.*)$/.exec(line)
    if (m && !(m[1] in out)) out[m[1]] = scalar(m[2], lines, i)
  }
  return out
}

/**
 * @param {string} text TAP output of one file
 * @returns {{ name: string, path: string[], ok: boolean, skip: boolean, todo: boolean,
 *   leaf: boolean, counted: boolean, failureType?: string, error?: string }[]}
 */
export function parseTap(text) {
  const lines = text.split('\n')
  const stack = [] // per depth: { name, children }
  const points = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const sub = SUBTEST.exec(line)
    if (sub) {
      const depth = Math.floor(sub[1].length / 4)
      stack[depth] = { name: unescapeName(sub[2]), children: 0 }
      stack.length = depth + 1
      continue
    }
    const p = POINT.exec(line)
    if (!p) continue
    const depth = Math.floor(p[1].length / 4)
    const name = unescapeName(p[3])
    const own = stack[depth]
    const leaf = !own || own.children === 0
    if (depth > 0 && stack[depth - 1]) stack[depth - 1].children++
    const path = []
    for (let d = 0; d < depth; d++) path.push(stack[d] ? stack[d].name : '?')
    path.push(name)
    const directive = (p[4] ?? '').toUpperCase()
    const d = diagnostics(lines, i + 1)
    const ok = p[2].toLowerCase() === 'ok'
    const point = { name, path, ok, skip: directive === 'SKIP', todo: directive === 'TODO', leaf }
    if (!ok) {
      point.failureType = d.failureType
      point.error = [d.code && d.code !== 'ERR_TEST_FAILURE' ? d.code : '', d.error ?? '']
        .filter(Boolean)
        .join(': ')
    }
    point.counted =
      !point.skip && !point.todo && (leaf || (!ok && point.failureType !== 'subtestsFailed'))
    points.push(point)
    stack.length = depth
  }
  return points
}
