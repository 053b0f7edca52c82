// A self-signed certificate for 127.0.0.1, for tests of TLS servers.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A key and certificate for 127.0.0.1, made by openssl; undefined where there is none. */
export function selfSigned(): { key: Buffer; cert: Buffer } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'arbor-tls-'))
  try {
    const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1']
    args.push('-subj', '/CN=127.0.0.1', '-keyout', 'key.pem', '-out', 'cert.pem')
    execFileSync('openssl', args, { stdio: 'ignore', cwd: dir, timeout: 10_000 })
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }
  } catch {
    return undefined
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
