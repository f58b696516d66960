import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { deleteConfirmationMatches } from '#core/profiles/profile.schemas.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import { download, withToken } from '../account-api.ts'
import { DeleteMyAccountMutation } from '../graphql/my-profile.query.ts'

/** Export my data (a zip) and delete my account (type the email to confirm). */
export function MyDataSection({ email }: { email: string }) {
  const id = useId()
  const auth = useAuthClient()
  const [exporting, setExporting] = useState(false)
  const [exportProblem, setExportProblem] = useState<string | null>(null)
  const [confirm, setConfirm] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const remove = useAppMutation(DeleteMyAccountMutation, { report: 'inline' })

  async function onExport() {
    setExportProblem(null)
    setExporting(true)
    try {
      const response = await withToken(await auth.getToken(), '/api/me/export')
      await download(response, 'stagedoor-data.zip')
    } catch (error) {
      setExportProblem(error instanceof Error ? error.message : 'The export failed. Try again.')
    } finally {
      setExporting(false)
    }
  }

  async function onDelete(event: FormEvent) {
    event.preventDefault()
    if (!deleteConfirmationMatches(confirm, email)) {
      return setProblem('Type your email address exactly as it is on your account to confirm.')
    }
    setProblem(null)
    const outcome = await remove.run({ confirmEmail: confirm })
    if (!outcome.ok) return setProblem(outcome.message ?? outcome.failure.message)
    // The server has ended every session: this tab (and the others) sign out.
    await auth.refresh().catch(() => undefined)
  }

  return (
    <Panel as="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-brand-950">
        Your data
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        What we keep and why is in the <Link to="/privacy">privacy notice</Link>.
      </p>
      <div className="mt-4">
        <Button type="button" variant="secondary" pending={exporting} onClick={onExport}>
          Export my data
        </Button>
        <p className="mt-1 text-sm text-slate-600">
          A zip with everything stored about you (JSON) and your photo.
        </p>
        {exportProblem ? (
          <p role="alert" className="mt-1 text-sm font-semibold text-red-700">
            {exportProblem}
          </p>
        ) : null}
      </div>
      <form onSubmit={onDelete} noValidate className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4">
        <h3 className="text-base font-bold text-red-900">Delete my account</h3>
        <p className="mt-1 text-sm text-slate-800">
          Your profile, photo, sign-in methods and mailing-list subscriptions go at once. Applications and
          payments are kept without your name. This cannot be undone.
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <TextField
            label={`Type ${email} to confirm`}
            type="email"
            autoComplete="off"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={problem}
          />
          <button
            type="submit"
            aria-disabled={remove.fetching ? true : undefined}
            className="rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
          >
            Delete my account
          </button>
        </div>
      </form>
    </Panel>
  )
}
