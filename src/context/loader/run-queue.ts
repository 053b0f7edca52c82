/** Called by a worker when its item is finished. */
export type Done = (err?: Error | null) => void
type Worker<T> = (item: T, done: Done) => void

interface Entry<T> {
  item: T
  callback: Done
}

/**
 * A queue that runs one item at a time, in order, and can be paused: the plugin loader's
 * building block, with the timing of the `fastq` queue (concurrency 1) that Fastify's loader
 * uses, because plugin, `after` and `ready` ordering is observable to applications:
 * - `push` on an idle, running queue starts the worker synchronously;
 * - when an item finishes, its callback runs, then the next item starts synchronously;
 * - `onDrain` runs when the queue becomes empty, including on `resume()` of an empty queue.
 */
export class RunQueue<T> {
  readonly #worker: Worker<T>
  readonly #entries: Entry<T>[] = []
  #running = 0
  paused = false
  onDrain: () => void = noop

  constructor(worker: Worker<T>) {
    this.#worker = worker
  }

  get length(): number {
    return this.#entries.length
  }

  get running(): number {
    return this.#running
  }

  push(item: T, callback: Done = noop): void {
    this.#add({ item, callback }, false)
  }

  /** Queues `item` before every waiting item. */
  unshift(item: T, callback: Done = noop): void {
    this.#add({ item, callback }, true)
  }

  pause(): void {
    this.paused = true
  }

  resume(): void {
    if (!this.paused) return
    this.paused = false
    if (this.#entries.length === 0) {
      this.#running++
      this.#next()
      return
    }
    while (this.#entries.length > 0 && this.#running < 1) {
      this.#running++
      this.#next()
    }
  }

  #add(entry: Entry<T>, first: boolean): void {
    if (this.#running >= 1 || this.paused) {
      if (first) this.#entries.unshift(entry)
      else this.#entries.push(entry)
      return
    }
    this.#running++
    this.#run(entry)
  }

  #run(entry: Entry<T>): void {
    let finished = false
    this.#worker(entry.item, (err) => {
      if (finished) return
      finished = true
      entry.callback(err)
      this.#next()
    })
  }

  // One item finished (or a resume): start the next one, or settle.
  #next(): void {
    const entry = this.#entries[0]
    if (entry !== undefined && this.#running <= 1) {
      if (this.paused) {
        this.#running--
        return
      }
      this.#entries.shift()
      this.#run(entry)
      return
    }
    if (--this.#running === 0) this.onDrain()
  }
}

function noop(): void {}
