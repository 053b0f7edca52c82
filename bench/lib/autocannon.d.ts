// The part of autocannon's programmatic API the runner uses (the package ships no types).
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }

  interface AutocannonOptions {
    url: string
    connections?: number
    duration?: number
    /** Requests to send in all, instead of a duration. */
    amount?: number
    pipelining?: number
    timeout?: number
    requests?: AutocannonRequest[]
  }

  interface AutocannonHistogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    p50: number
    p99: number
    total: number
  }

  interface AutocannonResult {
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    resets?: number
    '2xx': number
    /** Responses by status code, e.g. { '200': { count: 12 } }. */
    statusCodeStats?: Record<string, { count: number }>
    requests: AutocannonHistogram & { sent: number }
    latency: AutocannonHistogram
  }

  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>
  export default autocannon
}
