import { AppError } from '#core/errors.ts'

/**
 * A bounded pool for work that uses a lot of CPU or memory outside JavaScript (decoding and
 * re-encoding images): at most `concurrency` jobs run, at most `maxWaiting` wait, and one more is
 * refused at once with 429 RATE_LIMITED instead of queueing without end. Image work runs on libuv's
 * thread pool (4 threads), which password hashing and file reads share: four photos at once used to
 * hold all four and made every sign-in wait 20 s (issue 26, finding 7).
 */
export interface WorkPool {
  run<T>(job: () => Promise<T>): Promise<T>
  /** Jobs running and waiting now (tests and logs read it). */
  readonly load: { running: number; waiting: number }
}

export function createWorkPool(options: {
  concurrency: number
  maxWaiting: number
  busyMessage: string
}): WorkPool {
  let running = 0
  const waiting: (() => void)[] = []
  // A finished job hands its place straight to the next waiting one, so a job arriving meanwhile
  // never slips in ahead and makes it `concurrency + 1`.
  const next = () => {
    const wake = waiting.shift()
    if (wake) wake()
    else running--
  }
  return {
    async run(job) {
      if (running >= options.concurrency) {
        if (waiting.length >= options.maxWaiting) {
          throw new AppError('RATE_LIMITED', options.busyMessage, { retryAfterSeconds: 5 })
        }
        await new Promise<void>((resolve) => waiting.push(resolve))
      } else {
        running++
      }
      try {
        return await job()
      } finally {
        next()
      }
    },
    get load() {
      return { running, waiting: waiting.length }
    },
  }
}

/**
 * The one pool every image decode in the server goes through: one at a time (the machine this runs
 * on may have two cores, and a request must always find one free), four waiting.
 */
export const imagePool = createWorkPool({
  concurrency: 1,
  maxWaiting: 4,
  busyMessage: 'Photos are being processed for other members right now. Try again in a few seconds.',
})
