import type { ReactNode } from 'react'
import { useQuery } from 'urql'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { AuthProviderInfo } from '#client/lib/auth/transport.ts'
import { useTestRenderFailure } from '#client/lib/test-render-failure.ts'
import { MyProfileQuery } from '../graphql/my-profile.query.ts'
import { AccountSecuritySection } from './account-security-section.tsx'
import { MyDataSection } from './my-data-section.tsx'
import { MyMailingListsSection } from './my-mailing-lists-section.tsx'
import { NotificationsSection } from './notifications-section.tsx'
import { PhoneSection } from './phone-section.tsx'
import { ProfileDetailsForm } from './profile-details-form.tsx'
import { ProfilePhotoSection } from './profile-photo-section.tsx'

/** `/profile`: the member's own details, photo, sign-in and security, lists, calendar and data. */
export function ProfilePage({
  calendarFeed,
  tickets,
  providers = [],
  phone = null,
}: {
  /** The private calendar feed panel (composed by the app: it belongs to events). */
  calendarFeed?: ReactNode
  /** "Your tickets", when the member holds any (composed by the app: it belongs to tickets). */
  tickets?: ReactNode
  /** Sign-in providers the server offers, to link. */
  providers?: AuthProviderInfo[]
  /** Phone sign-in, when the server offers it (its country and local text inbox). */
  phone?: { country: string; devSmsInbox: string | null } | null
}) {
  useTestRenderFailure()
  const query = useQuery({ query: MyProfileQuery, requestPolicy: 'cache-and-network' })
  const refresh = () => query[1]({ requestPolicy: 'network-only' })
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Your profile · Stagedoor</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Your profile</h1>
      <QueryView query={query} loadingLabel="Loading your profile…" what="your profile" level={2}>
        {({ myProfile }) => (
          <div className="mt-6 grid gap-6">
            <ProfilePhotoSection
              name={myProfile.preferredName}
              photoUrl={myProfile.photoUrl ?? null}
              onChanged={refresh}
            />
            {tickets}
            <ProfileDetailsForm key={myProfile.id} profile={myProfile} />
            <NotificationsSection />
            <MyMailingListsSection />
            {calendarFeed ? <div className="[&>section]:mt-0">{calendarFeed}</div> : null}
            <AccountSecuritySection email={myProfile.email} providers={providers} />
            {phone ? <PhoneSection country={phone.country} devSmsInbox={phone.devSmsInbox} /> : null}
            <MyDataSection email={myProfile.email} />
          </div>
        )}
      </QueryView>
    </div>
  )
}
