import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { download, withToken } from '#client/lib/download.ts'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import { lineReceiptPath } from '#core/payments/receipt-paths.ts'

/**
 * "Receipt (PDF)" for a paid payment line: fetched with the access token (the route refuses anyone
 * but the member and finance staff) and saved as a file.
 */
export function ReceiptButton({
  applicationId,
  lineKey,
  lineLabel,
}: {
  applicationId: string
  lineKey: string
  lineLabel: string
}) {
  const auth = useAuthClient()
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  async function onClick() {
    setProblem(null)
    setPending(true)
    try {
      const response = await withToken(await auth.getToken(), lineReceiptPath(applicationId, lineKey))
      await download(response, 'receipt.pdf')
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The receipt could not be downloaded. Try again.')
    } finally {
      setPending(false)
    }
  }
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        aria-label={`Receipt (PDF): ${lineLabel}`}
        pending={pending}
        onClick={onClick}
      >
        Receipt (PDF)
      </Button>
      {problem ? (
        <span role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </span>
      ) : null}
    </span>
  )
}
