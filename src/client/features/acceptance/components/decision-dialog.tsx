import { useState } from 'react'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { StatusBadge } from '#client/components/ui/status-badge.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { formatDateTime } from '#client/lib/format.ts'
import { DECISION_WORDING, type BulkAction } from '#core/applications/acceptance-wording.ts'
import { DecideApplicationsMutation, PreviewDecisionsQuery } from '../graphql/acceptance.query.ts'
import { fromDateTimeLocal, toDateTimeLocal } from '#client/lib/datetime-local.ts'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { errorMessage } from '#client/lib/mutation-failure.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'

/**
 * Preview a bulk decision (who gets which email, who is refused and why), then make it. The offer
 * expiry defaults to `suggestedExpiry` (core's offer-expiry rule) and is entered on the society's clocks.
 */
export function DecisionDialog({
  eventSlug,
  action,
  selected,
  suggestedExpiry,
  timeZone,
  onClose,
  onDone,
}: {
  eventSlug: string
  action: BulkAction
  selected: { id: string; version: number }[]
  suggestedExpiry: Date
  timeZone: string
  onClose: () => void
  onDone: (message: string) => void
}) {
  const [expiry, setExpiry] = useState(() => toDateTimeLocal(suggestedExpiry, timeZone))
  const offerExpiresAt = action === 'OFFER' ? fromDateTimeLocal(expiry, timeZone) : null
  const expiryProblem =
    action !== 'OFFER'
      ? null
      : !offerExpiresAt
        ? 'Give a date and time for the offer to expire.'
        : new Date(offerExpiresAt) <= new Date()
          ? 'The offer must expire in the future.'
          : null
  const ids = selected.map((s) => s.id)
  const [preview] = useQuery({
    query: PreviewDecisionsQuery,
    variables: { eventSlug, applicationIds: ids, action, offerExpiresAt },
    requestPolicy: 'network-only',
    pause: Boolean(expiryProblem),
  })
  const decide = useAppMutation(DecideApplicationsMutation, { report: 'inline' })
  const items = preview.data?.previewDecisions ?? []
  const refused = items.filter((i) => i.refusal)
  const label = DECISION_WORDING[action]

  async function confirm() {
    const outcome = await decide.run({
      eventSlug,
      applicationIds: ids,
      action,
      offerExpiresAt,
      expectedVersions: selected.map((s) => s.version),
    })
    if (outcome.ok) onDone(`${label.confirm(ids.length).replace(/^Send/, 'Sent')}: done.`)
  }

  return (
    <Dialog title={`${label.verb}: preview`} onClose={onClose} wide>
      {action === 'OFFER' ? (
        <TextField
          label={`Offer expires (${timeZone})`}
          hint="Members must accept or decline before then."
          type="datetime-local"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          error={expiryProblem}
          data-autofocus
        />
      ) : null}
      <div aria-live="polite" aria-busy={preview.fetching} className="mt-4">
        {preview.fetching && !items.length ? (
          <p className="text-slate-700">Working out who gets what…</p>
        ) : null}
        {preview.error ? (
          <p role="alert" className="text-red-800">
            {errorMessage(preview.error, 'The preview could not be loaded.')}
          </p>
        ) : null}
        {items.length ? (
          <>
            <p className="font-semibold text-slate-900">
              {refused.length
                ? `${refused.length} of ${items.length} cannot be changed, so nothing will be until you deselect ${refused.length === 1 ? 'it' : 'them'}.`
                : `${items.length === 1 ? 'This application' : `These ${items.length} applications`} will change, and these emails will go.`}
            </p>
            <ul aria-label="Preview" className="mt-3 space-y-3">
              {items.map((item) => (
                <li key={item.applicationId} className="rounded-xl p-3 ring-1 ring-brand-100">
                  <p className="font-semibold text-brand-950">
                    {item.applicantName}{' '}
                    <span className="font-normal text-slate-700">({item.applicantEmail})</span>
                  </p>
                  {item.refusal ? (
                    <p className="mt-1 text-red-800">Refused: {item.refusal}.</p>
                  ) : (
                    <>
                      <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
                        <StatusBadge
                          status={item.currentStatus}
                          audience="staff"
                          size="sm"
                          announce={false}
                        />
                        <span aria-hidden="true">→</span>
                        <span className="sr-only">becomes</span>
                        {item.resultingStatus ? (
                          <StatusBadge
                            status={item.resultingStatus}
                            audience="staff"
                            size="sm"
                            announce={false}
                          />
                        ) : null}
                        {item.offerExpiresAt && action === 'OFFER'
                          ? `· expires ${formatDateTime(item.offerExpiresAt, timeZone)}`
                          : ''}
                      </p>
                      {item.email ? (
                        <details className="mt-2 text-sm">
                          <summary className="cursor-pointer font-semibold text-brand-900">
                            Email: {item.email.subject}
                          </summary>
                          <pre className="mt-2 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 font-sans text-slate-800">
                            {item.email.text}
                          </pre>
                        </details>
                      ) : (
                        <p className="mt-1 text-sm text-slate-700">No email.</p>
                      )}
                    </>
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {decide.message ? (
        <p role="alert" className="mt-4 text-red-800">
          {decide.message}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          onClick={confirm}
          pending={decide.fetching}
          disabled={!items.length || refused.length > 0 || Boolean(expiryProblem)}
        >
          {label.confirm(ids.length)}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  )
}
