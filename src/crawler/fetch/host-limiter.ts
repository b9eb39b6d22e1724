export interface HostLimits {
  /** Requests in flight to one host at a time (default 2): politeness towards each publisher. */
  perHost?: number
  /** Requests in flight overall (default 16): bounds our own sockets and memory. */
  total?: number
}

export interface HostLimiter {
  /**
   * Runs `task` once both a slot for `host` and a global slot are free; settles as the task does. `whenHostSlot` is
   * awaited while holding the host's slot only, before the global one is taken: a wait that belongs to one host (its
   * Crawl-delay) then holds back that host's requests without taking a slot from every other host.
   */
  run<T>(host: string, task: () => Promise<T>, whenHostSlot?: () => Promise<void>): Promise<T>
  /** Hosts with a task running or waiting (idle hosts are forgotten, so a crawl over many hosts holds no state). */
  activeHosts(): number
}

/** A counting semaphore: at most `limit` tasks run at once; the others wait, first come, first served. */
interface Slots {
  run<T>(task: () => Promise<T>): Promise<T>
  idle(): boolean
}

function createSlots(limit: number): Slots {
  let running = 0
  const waiting: Array<() => void> = []
  return {
    async run(task) {
      if (running < limit) running++
      else await new Promise<void>((resolve) => waiting.push(resolve))
      try {
        return await task()
      } finally {
        // Hand the slot straight to the next waiter (running stays the same), or free it.
        const next = waiting.shift()
        if (next) next()
        else running--
      }
    },
    idle: () => running === 0 && waiting.length === 0,
  }
}

export function createHostLimiter({ perHost = 2, total = 16 }: HostLimits = {}): HostLimiter {
  const global = createSlots(total)
  const hosts = new Map<string, Slots>()
  return {
    async run(host, task, whenHostSlot) {
      const key = host.toLowerCase()
      let slots = hosts.get(key)
      if (!slots) {
        slots = createSlots(perHost)
        hosts.set(key, slots)
      }
      try {
        // Host slot first, then global slot: a busy host then waits in its own queue without holding a global slot.
        return await slots.run(async () => {
          if (whenHostSlot) await whenHostSlot()
          return global.run(task)
        })
      } finally {
        if (slots.idle()) hosts.delete(key)
      }
    },
    activeHosts: () => hosts.size,
  }
}
