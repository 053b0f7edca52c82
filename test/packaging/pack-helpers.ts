// What the packaging tests share: running a command bounded in time, npm itself, node on an
// application script that prints one JSON report, and a packed tarball put in node_modules as
// npm would put it, offline: arbor's runtime dependencies are linked from this repository's
// node_modules, which `npm ci` filled from the lockfile.
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { ROOT, type Run, run } from '../helpers/stand-in-app.ts'

export { ROOT, run }
export const STEP_TIMEOUT = 60_000

/** npm itself: the npm that runs `npm test` when there is one, else `npm` from PATH. */
export function npm(args: string[], cwd: string): Promise<Run> {
  const cli = process.env.npm_execpath
  return cli?.endsWith('.js') ? run(process.execPath, [cli, ...args], cwd) : run('npm', args, cwd)
}

/** `node script` in `cwd`; fails the test with the child's output if it exits non-zero. */
export async function node(
  script: string,
  cwd: string,
  flags: string[] = [],
): Promise<{ report: Report; stderr: string }> {
  const result = await run(process.execPath, [...flags, script], cwd)
  assert.equal(result.code, 0, `node ${script} failed:\n${result.stderr}${result.stdout}`)
  return { report: JSON.parse(result.stdout) as Report, stderr: result.stderr }
}

export type Report = Record<string, unknown>

/** The runtime dependencies of arbor's package.json, which an installed arbor needs. */
export async function runtimeDependencies(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>
  }
  return Object.keys(manifest.dependencies ?? {})
}

/** Unpacks `tarball` as node_modules/<name> of `app`, as npm would install it. */
export async function untarInto(app: string, tarball: string, name: string): Promise<void> {
  const target = join(app, 'node_modules', name)
  await mkdir(target, { recursive: true })
  const untar = await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1'], app)
  assert.equal(untar.code, 0, `tar failed:\n${untar.stderr}`)
}

/** Links each dependency from this repository's node_modules into the app's. */
export async function linkDependencies(app: string, dependencies: string[]): Promise<void> {
  for (const dependency of dependencies) {
    const link = join(app, 'node_modules', dependency)
    await mkdir(dirname(link), { recursive: true })
    await symlink(join(ROOT, 'node_modules', dependency), link, 'junction')
  }
}

/**
 * The tarballs of `npm pack` (arbor, whose prepack builds dist/) and `npm pack -w packages` (the
 * stand-ins: the workspaces under packages/; bench/ is a workspace too, but not a package to ship), made once per test run: the packaging test files run in parallel under one
 * runner, and two prepacks at once would delete each other's dist/. The first file to take the
 * lock packs; the others wait for its `done` mark. Keyed by the runner's pid, shared by its files.
 */
export async function packedTarballs(): Promise<Map<string, string>> {
  const dir = join(tmpdir(), `arbor-pack-${process.ppid}`)
  const done = join(dir, 'done')
  let mine = false
  try {
    await mkdir(dir)
    mine = true
  } catch {}
  if (mine) {
    await removeStalePacks()
    for (const args of [[], ['--workspace', 'packages']]) {
      const packed = await npm(['pack', ...args, '--pack-destination', dir], ROOT)
      assert.equal(packed.code, 0, `npm pack ${args} failed:\n${packed.stderr}${packed.stdout}`)
    }
    await writeFile(done, '')
  } else {
    const deadline = Date.now() + 2 * STEP_TIMEOUT
    while (!existsSync(done)) {
      assert.ok(Date.now() < deadline, `no tarballs in ${dir}: the packing file failed`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  const files = (await readdir(dir)).filter((file) => file.endsWith('.tgz'))
  return new Map(files.map((file) => [file, join(dir, file)]))
}

/** Earlier runs' tarballs (their runner's pid is gone with them): an hour old is stale. */
async function removeStalePacks(): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith('arbor-pack-')) continue
    const path = join(tmpdir(), name)
    const { mtimeMs } = await stat(path)
    if (Date.now() - mtimeMs > 3_600_000) await rm(path, { recursive: true, force: true })
  }
}
