import PQueue from 'p-queue'

export interface HostLimits {
  /** Requests in flight to one host at a time (default 2): politeness towards each publisher. */
  perHost?: number
  /** Requests in flight overall (default 16): bounds our own sockets and memory. */
  total?: number
}

export interface HostLimiter {
  /** Runs `task` once both a slot for `host` and a global slot are free. */
  run<T>(host: string, task: () => Promise<T>): Promise<T>
}

export function createHostLimiter({ perHost = 2, total = 16 }: HostLimits = {}): HostLimiter {
  const global = new PQueue({ concurrency: total })
  const hosts = new Map<string, PQueue>()
  const queueFor = (host: string) => {
    let queue = hosts.get(host)
    if (!queue) {
      const created = new PQueue({ concurrency: perHost })
      // Drop idle queues so a crawl over many hosts does not keep one queue per host forever.
      created.on('idle', () => { if (hosts.get(host) === created) hosts.delete(host) })
      hosts.set(host, created)
      queue = created
    }
    return queue
  }
  return {
    // Host slot first, then global slot: a busy host then waits in its own queue without holding a global slot.
    run: (host, task) => queueFor(host.toLowerCase()).add(() => global.add(task)),
  }
}
