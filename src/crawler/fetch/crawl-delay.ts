/**
 * robots.txt `Crawl-delay`: the seconds a site asks between two of our requests. Each request reserves the next
 * free slot of its origin before it starts, so concurrent fetches to one site are spaced too. Delays are capped:
 * a site asking for an hour between requests still gets a feed read per pass instead of none.
 */
export const MAX_CRAWL_DELAY_SECONDS = 10

export interface CrawlDelayClock {
  now(): number
  sleep(ms: number): Promise<void>
}

const realClock: CrawlDelayClock = {
  now: Date.now,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

export function createCrawlDelay(maxSeconds = MAX_CRAWL_DELAY_SECONDS, clock: CrawlDelayClock = realClock) {
  const nextSlot = new Map<string, number>()
  return {
    async wait(origin: string, seconds: number | null): Promise<void> {
      if (!seconds || seconds <= 0) return
      const t = clock.now()
      const at = Math.max(t, nextSlot.get(origin) ?? 0)
      nextSlot.set(origin, at + Math.min(seconds, maxSeconds) * 1000)
      // Forget origins whose slots have passed, so a long crawl keeps one entry per busy site only.
      if (nextSlot.size > 1000) for (const [o, s] of nextSlot) if (s < t) nextSlot.delete(o)
      if (at > t) await clock.sleep(at - t)
    },
  }
}
