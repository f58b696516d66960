/**
 * What an outbox row attaches: references, not bytes, rendered when the message is sent (so a retry
 * after a restart renders them again, and a ticket voided or transferred before sending is left out).
 */
export interface MailAttachmentRef {
  /** Which renderer makes the file, e.g. `ticket-pdf` (registered by its module). */
  kind: string
  /** The renderer's own key, e.g. the ticket code. */
  ticketCode?: string
}

export interface RenderedAttachment {
  filename: string
  contentType: string
  content: Buffer
}

/** Makes a file for a reference at send time; null leaves it out (no longer valid). */
export type AttachmentRenderer = (ref: MailAttachmentRef) => Promise<RenderedAttachment | null>
