// Reads a process's CPU time and memory from /proc (Linux). CPU time is user+sys of every
// thread of the process (GC and libuv threads included), which is what a request costs.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

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

/** utime + stime of the process, in seconds. */
export function cpuSeconds(pid: number): number {
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
