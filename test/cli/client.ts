import { Agent, request } from 'node:http'

export interface Answer {
  status: number
  body: string
  connection: string | undefined
}

/** One request to 127.0.0.1:port; rejects on a network error (reset, refused). */
export function get(
  port: number,
  path: string,
  agent: Agent | false = false,
  ms = 10_000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () =>
        resolve({ status: res.statusCode!, body, connection: res.headers.connection }),
      )
      res.on('error', reject)
    })
    req.setTimeout(ms, () => req.destroy(new Error(`no answer to ${path} in ${ms} ms`)))
    req.on('error', reject)
    req.end()
  })
}

export const keepAlive = (maxSockets: number) => new Agent({ keepAlive: true, maxSockets })

/**
 * Keeps `clients` loops of keep-alive requests going until stop() and counts every outcome:
 * a failure is a network error or a status other than 200.
 */
export function load(port: number, path: string, clients: number) {
  const agent = keepAlive(clients)
  const pids = new Set<number>()
  const failures: string[] = []
  let answered = 0
  let running = true
  const loops = Array.from({ length: clients }, async () => {
    while (running) {
      try {
        const answer = await get(port, path, agent)
        if (answer.status !== 200) failures.push(`status ${answer.status}: ${answer.body}`)
        else {
          answered++
          pids.add((JSON.parse(answer.body) as { pid: number }).pid)
        }
      } catch (err) {
        failures.push(String(err))
      }
    }
  })
  return {
    pids,
    failures,
    get answered() {
      return answered
    },
    async stop() {
      running = false
      await Promise.all(loops)
      agent.destroy()
    },
  }
}
