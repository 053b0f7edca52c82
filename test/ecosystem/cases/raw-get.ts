// A GET over node:http rather than fetch: fetch normalizes `..` out of a path, and adds
// cache-control: no-cache to a conditional request, which makes any server answer 200.
import { get } from 'node:http'

export function rawGet(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    }).on('error', reject)
  })
}
