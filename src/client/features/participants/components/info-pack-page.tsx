import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { InfoPackQuery } from '../graphql/participants.queries.ts'
import { ContentHtml, panel, ParticipantPage, type Preview } from './page-parts.tsx'
import { ParticipantQuery } from './participant-query.tsx'

// NOTE: the shell's markup is not this feature's: when printing, everything but the info pack is
// hidden by visibility, which works whatever the layout around it.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #info-pack, #info-pack * { visibility: visible !important; }
  #info-pack { position: absolute; inset: 0 auto auto 0; width: 100%; padding: 0; font-size: 12pt; line-height: 1.5; color: #000; }
  #info-pack .no-print { display: none !important; }
  #info-pack a[href^="http"]::after { content: " (" attr(href) ")"; font-size: 10pt; }
}`

function sizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** The info pack of an event for an application type, with its attachments; printable. */
export function InfoPack({
  eventSlug,
  applicationType,
  preview,
  notFound,
}: {
  eventSlug: string
  applicationType?: string
  preview?: Preview
  notFound: ReactNode
}) {
  return (
    <ParticipantQuery
      query={InfoPackQuery}
      variables={{ eventSlug, applicationType: applicationType ?? null, preview: preview ?? null }}
      preview={preview}
      loadingLabel="Loading the info pack…"
      what="the info pack"
      notFound={notFound}
    >
      {({ participantInfoPack: pack }) => (
        <ParticipantPage
          id={preview ? undefined : 'info-pack'}
          title={pack.applicationTypeLabel ? `Info Pack: ${pack.applicationTypeLabel}` : 'Info Pack'}
          eventTitle={pack.eventTitle}
          embedded={Boolean(preview)}
          actions={
            preview ? null : (
              <Button type="button" variant="secondary" className="no-print" onClick={() => window.print()}>
                Print
              </Button>
            )
          }
        >
          {preview ? null : <style>{PRINT_CSS}</style>}
          <ContentHtml html={pack.html} empty="There is nothing in this info pack yet." />
          <section aria-labelledby="attachments-heading" className={panel}>
            <h2 id="attachments-heading" className="text-lg font-bold text-brand-950">
              Attachments
            </h2>
            {pack.attachments.length === 0 ? (
              <p className="mt-2 text-slate-700">No attachments.</p>
            ) : (
              <ul className="mt-2 divide-y divide-brand-100">
                {pack.attachments.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                    <a href={a.url} className="font-medium text-brand-800 underline" download={a.fileName}>
                      {a.title}
                    </a>
                    <span className="text-sm text-slate-600">
                      {a.fileName} · {sizeLabel(a.size)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </ParticipantPage>
      )}
    </ParticipantQuery>
  )
}

/** `/applications/:eventSlug/participant-info(/:applicationType)`. */
export function InfoPackPage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '', applicationType } = useParams()
  return (
    <InfoPack eventSlug={eventSlug} {...(applicationType ? { applicationType } : {})} notFound={notFound} />
  )
}
