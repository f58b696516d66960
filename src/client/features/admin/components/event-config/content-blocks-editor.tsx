import type { ContentBlock } from '../../event-form.ts'
import { CONTENT_BLOCKS } from '../../event-form.ts'
import { Group, Textarea } from '#client/components/ui/form/index.ts'

const BLOCKS: Record<ContentBlock, { label: string; hint: string }> = {
  auditionInfo: { label: 'Audition information', hint: 'Shown at /events/slug/auditions.' },
  venueAccess: {
    label: 'Venue access',
    hint: 'For accepted members, once the info pack and final participant info are released.',
  },
  socialLinks: { label: 'Social links', hint: 'Group chats and social media, for accepted members.' },
  ticketSales: { label: 'Ticket sales', hint: 'How and when tickets go on sale.' },
  cancellationsAndRefunds: { label: 'Cancellations and refunds', hint: 'The policy for this event.' },
}

/** The event's Markdown content blocks (info packs are with their application type). */
export function ContentBlocksEditor() {
  return (
    <Group legend="Content" description="Markdown. Leave a block empty to leave it out.">
      {CONTENT_BLOCKS.map((block) => (
        <Textarea
          key={block}
          name={`content.${block}`}
          label={BLOCKS[block].label}
          hint={`${BLOCKS[block].hint} Markdown: **bold**, _italic_, [links](https://…), lists.`}
          markdown
          rows={5}
        />
      ))}
    </Group>
  )
}
