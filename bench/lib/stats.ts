/** Median, minimum and maximum of a set of measurements (one per round or run). */
export interface Spread {
  median: number
  min: number
  max: number
  n: number
}

export function spread(values: number[]): Spread | null {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  const n = sorted.length
  if (n === 0) return null
  const mid = Math.floor(n / 2)
  const median = n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  return { median, min: sorted[0]!, max: sorted[n - 1]!, n }
}
