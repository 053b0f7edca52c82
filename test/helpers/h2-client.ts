import type { ClientHttp2Session } from 'node:http2'

/** One GET on an open HTTP/2 session, through node's own client: the reply's body as text. */
export function h2Body(client: ClientHttp2Session, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = client.request({ ':path': path })
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => resolve(body))
    req.on('error', reject)
    req.end()
  })
}
