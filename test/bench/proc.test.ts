// bench/proc: the CPU time the benchmarks divide by the requests served. It must be the whole
// process's (every thread), agree with what the kernel reports to the process itself, and be
// finer than /proc/<pid>/stat's 10 ms clock ticks where the kernel keeps schedstat.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { test } from 'node:test'
import { cpuSeconds } from '../../bench/lib/proc.ts'

const ownCpu = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}

/** Spins until the process has spent `seconds` of CPU time (not wall time: CI may be busy). */
function burn(seconds: number): void {
  const until = ownCpu() + seconds
  while (ownCpu() < until) {
    // spin: the CPU time is what is measured
  }
}

const linux = process.platform === 'linux'

test('cpuSeconds counts what the process spent, as the kernel reports it to the process', {
  skip: !linux && 'reads /proc',
}, () => {
  const before = cpuSeconds(process.pid)
  const ownBefore = ownCpu()
  burn(0.2)
  const spent = cpuSeconds(process.pid) - before
  const ownSpent = ownCpu() - ownBefore
  // read a few microseconds apart; V8's helper threads may run in between
  assert.ok(Math.abs(spent - ownSpent) < 0.03, `cpuSeconds ${spent} s, cpuUsage ${ownSpent} s`)
})

const schedstat = '/proc/self/schedstat'
const keptInNs =
  linux && existsSync(schedstat) && Number(readFileSync(schedstat, 'utf8').split(' ')[0]) > 0

test('cpuSeconds is finer than a clock tick where the kernel keeps schedstat', {
  skip: !keptInNs && 'no schedstat here: the reading falls back to clock ticks',
}, () => {
  const readings: number[] = []
  for (let i = 0; i < 5; i++) {
    burn(0.003)
    readings.push(cpuSeconds(process.pid))
  }
  // in 10 ms ticks every reading is a whole number of hundredths
  const offTick = readings.filter((s) => Math.abs(s * 100 - Math.round(s * 100)) > 1e-6)
  assert.ok(offTick.length > 0, `every reading is a whole tick: ${readings.join(', ')}`)
})
