// What every bench command reads of its surroundings: the PostgreSQL server to make its databases on, and how busy
// the machine is before it starts.
import os from 'node:os'

/** BENCH_DATABASE_URL, else DATABASE_URL, else the local server: where the bench creates its own databases. */
export const BENCH_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** The load average before the run, recorded, and warned about: other processes skew every figure. */
export function loadAverageBefore(): number {
  const loadAverage = Math.round(os.loadavg()[0]! * 10) / 10
  if (loadAverage > 1) console.warn(`!!! load average ${loadAverage} before the run: figures will be low and noisy`)
  return loadAverage
}
