import { systemContext } from '#server/context.ts'
import type { Services } from '#server/services.ts'
import { RELEASE_ORDER_JOB } from './hold-tickets.ts'
import { releaseOrder } from './release-order.ts'

/** The ticket jobs: releasing a lapsed hold, waitlist offer or unpaid ballot offer at its `payBy`. */
export function registerTicketJobs(services: Services): void {
  services.queue.register<{ orderId: string }>(RELEASE_ORDER_JOB, async ({ orderId }) => {
    await releaseOrder(systemContext(services, `job:${RELEASE_ORDER_JOB}:${orderId}`), orderId)
  })
}
