import { useId, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { z } from 'zod'
import { deleteConfirmationMatches } from '#core/profiles/profile.schemas.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Form, TextInput, zodResolver } from '#client/components/ui/form/index.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import { download, withToken } from '../account-api.ts'
import { DeleteMyAccountMutation } from '../graphql/my-profile.query.ts'

const CONFIRM_PROBLEM = 'Type your email address exactly as it is on your account to confirm.'

/** Export my data (a zip) and delete my account (type the email to confirm). */
export function MyDataSection({ email }: { email: string }) {
  const id = useId()
  const auth = useAuthClient()
  const [exporting, setExporting] = useState(false)
  const [exportProblem, setExportProblem] = useState<string | null>(null)
  const schema = useMemo(
    () =>
      z.object({
        confirm: z.string().refine((typed) => deleteConfirmationMatches(typed, email), CONFIRM_PROBLEM),
      }),
    [email],
  )
  const form = useForm<{ confirm: string }>({
    defaultValues: { confirm: '' },
    resolver: zodResolver(schema),
  })
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

  async function onDelete({ confirm }: { confirm: string }) {
    const outcome = await remove.run({ confirmEmail: confirm })
    if (!outcome.ok) {
      form.setError('confirm', { type: 'server', message: outcome.message ?? outcome.failure.message })
      return
    }
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
      <Form
        form={form}
        onSubmit={onDelete}
        idPrefix={`${id}-delete`}
        summary={false}
        className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4"
      >
        <h3 className="text-base font-bold text-red-900">Delete my account</h3>
        <p className="mt-1 text-sm text-slate-800">
          Your profile, photo, sign-in methods and mailing-list subscriptions go at once. Applications and
          payments are kept without your name. This cannot be undone.
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <TextInput name="confirm" label={`Type ${email} to confirm`} type="email" autoComplete="off" />
          <button
            type="submit"
            aria-disabled={remove.fetching ? true : undefined}
            className="rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
          >
            Delete my account
          </button>
        </div>
      </Form>
    </Panel>
  )
}
