import { KeyRound } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import type { AuthProviderInfo } from '#client/lib/auth.ts'

/** One button per configured sign-in provider; nothing at all when none is configured. */
export function ProviderButtons({
  providers,
  pendingId,
  onChoose,
}: {
  providers: AuthProviderInfo[]
  pendingId: string | null
  onChoose: (provider: AuthProviderInfo) => void
}) {
  if (providers.length === 0) return null
  return (
    <ul className="mt-3 space-y-3" aria-label="Other ways to sign in">
      {providers.map((provider) => (
        <li key={provider.id}>
          <Button
            variant="secondary"
            width="full"
            pending={pendingId === provider.id}
            onClick={() => onChoose(provider)}
            data-provider={provider.id}
          >
            {pendingId === provider.id ? null : <KeyRound aria-hidden="true" className="size-4 shrink-0" />}
            Continue with {provider.name}
          </Button>
        </li>
      ))}
    </ul>
  )
}
