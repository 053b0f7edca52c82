// Reads a process's CPU time and memory from /proc (Linux). CPU time is that of every thread of
// the process (GC and libuv threads included), which is what a request costs.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (100 on Linux). */
export const CLOCK_TICKS = readClockTicks()

function readClockTicks(): number {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())
    return Number.isFinite(ticks) && ticks > 0 ? ticks : 100
  } catch {
    return 100
  }
}

/**
 * CPU time of the process, every thread, in seconds. Read from each thread's schedstat, which
 * the scheduler keeps in nanoseconds; /proc/<pid>/stat's utime and stime come in clock ticks
 * (10 ms), which over a paired round's half second of a server's CPU is ±2% a reading. Falls
 * back to utime + stime where schedstat is not kept (it reads 0 then).
 */
export function cpuSeconds(pid: number): number {
  const precise = schedstatSeconds(pid)
  return precise > 0 ? precise : tickSeconds(pid)
}

/** The sum of every thread's run time (schedstat's first field, ns), or 0 when not kept. */
function schedstatSeconds(pid: number): number {
  let ns = 0
  let tids: string[]
  try {
    tids = readdirSync(`/proc/${pid}/task`)
  } catch {
    return 0
  }
  for (const tid of tids) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0])
    } catch {
      // a thread that ended between the listing and the read: its time is gone with it
    }
  }
  return Number.isFinite(ns) ? ns / 1e9 : 0
}

/** utime + stime of the process, in seconds (clock ticks). */
function tickSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // fields[0] is field 3 (state), so utime (field 14) is fields[11] and stime fields[12].
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

/** Resident set size of the process, in bytes (VmRSS). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status)
  if (!match) throw new Error(`no VmRSS for pid ${pid}`)
  return Number(match[1]) * 1024
}

/** CPU time spent by the whole machine (every core, every process), in seconds. */
export function machineCpuSeconds(): number {
  const stat = readFileSync('/proc/stat', 'utf8')
  const fields = stat.slice(0, stat.indexOf('\n')).trim().split(/\s+/).slice(1).map(Number)
  // user nice system idle iowait irq softirq steal ...: everything but idle and iowait.
  const busy = fields.slice(0, 8).reduce((sum, n, i) => (i === 3 || i === 4 ? sum : sum + n), 0)
  return busy / CLOCK_TICKS
}
