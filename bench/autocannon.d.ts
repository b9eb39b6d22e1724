// The subset of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram { average: number; p50: number; p99: number }
  interface Result { requests: Histogram & { total: number }; latency: Histogram; throughput: Histogram; non2xx: number }
  interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    pipelining?: number
    requests?: Array<{ method?: string; path: string; headers?: Record<string, string>; body?: string }>
  }
  /** The run's result, and its events: 'response' fires per response with (client, status, bytes, latency in ms). */
  type Tracker = Promise<Result> & { on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): Tracker }
  function autocannon(opts: Options): Tracker
  export default autocannon
}
