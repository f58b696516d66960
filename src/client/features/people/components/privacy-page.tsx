import type { ReactNode } from 'react'

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-bold text-brand-950">
        {title}
      </h2>
      <div className="mt-2 space-y-3 text-slate-800">{children}</div>
    </section>
  )
}

/**
 * `/privacy` (public): what Stagedoor stores about members, why, for how long, who sees it, and how
 * to get a copy or have it deleted. Linked from the footer, sign-up and every email.
 */
export function PrivacyPage({ supportEmail }: { supportEmail: string | null | undefined }) {
  const contact = supportEmail ? (
    <a className="font-semibold text-brand-800 underline" href={`mailto:${supportEmail}`}>
      {supportEmail}
    </a>
  ) : (
    <>the society&rsquo;s support address</>
  )
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Privacy notice · Stagedoor</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Privacy notice</h1>
      <p className="mt-2 text-slate-700">How the society uses what you give Stagedoor, in plain words.</p>
      <Section id="privacy-what" title="What we store, and why">
        <p>
          <strong>Your account</strong>: name, email address, how you sign in (a password hash, or the Google,
          Microsoft or university account you linked) and your active sessions — to let you in and keep others
          out.
        </p>
        <p>
          <strong>Your profile</strong>: preferred name, pronouns, phone, emergency contact, voice part,
          instruments, dietary and access needs and bio — to cast, contact and look after you at rehearsals
          and shows.
        </p>
        <p>
          <strong>Your applications and payments</strong> for each event, with the committee&rsquo;s decisions
          — to run auditions, casting and the accounts.
        </p>
        <p>
          <strong>Committee roles</strong> you hold, with their terms, and an audit log of changes staff make
          — so the society can see who did what.
        </p>
      </Section>
      <Section id="privacy-diversity" title="The diversity survey is kept apart">
        <p>
          Answers to the optional diversity survey are stored without your name, email or application, and
          nothing in Stagedoor links them back to you, not even for admins: no page or export shows anyone
          else whether you answered, or what. Staff only ever see totals, none for groups of fewer than five
          people, and the totals change only when five more people have answered, so they never show what one
          person said.
        </p>
        <p>
          Stagedoor keeps a note that your application&rsquo;s survey was answered, so it asks you only once;
          only you see it. The one thing that could tie an answer to you is the database server&rsquo;s own
          record of recent changes: whoever runs that server could, with technical tools, match an answer to
          the moment it was stored. The committee, using Stagedoor, cannot.
        </p>
      </Section>
      <Section id="privacy-who" title="Who sees it">
        <p>
          You see and change your own profile. The committee (society admins, board members and the orchestra
          admin) sees member records; the people running an event (music directors, social convenors) see what
          they need for that event, such as your part, dietary and access needs and emergency contact for the
          run. Nobody outside the society sees your data; email goes out through the society&rsquo;s mail
          provider.
        </p>
      </Section>
      <Section id="privacy-how-long" title="How long we keep it">
        <p>
          Your account and profile stay while you are a member, until you delete them. A profile with no
          activity for six years (the society may set another period) is flagged to the society admins, who
          review it for deletion.
        </p>
        <p>
          When an account is deleted, these are kept <strong>without your name or contact details</strong>,
          for as long as the society must keep financial and event records: your <strong>applications</strong>{' '}
          (event, type, status and part; your answers and reviewers&rsquo; notes are cleared) and the{' '}
          <strong>payments</strong> recorded against them, so event numbers and accounts stay right.{' '}
          <strong>Ticket orders</strong> keep the buyer name and email given at purchase, as sales records.
          The audit log keeps the account&rsquo;s id, not its name.
        </p>
      </Section>
      <Section id="privacy-rights" title="A copy of your data, or deleting your account">
        <p>
          On your profile page, <strong>Export my data</strong> downloads a zip of everything stored about you
          (profile, applications, payments, tickets, mailing-list subscriptions, roles, sign-in methods and
          sessions) with your photo. <strong>Delete my account</strong> (you type your email to confirm)
          removes your account, profile, photo, sign-in methods and mailing-list subscriptions at once, signs
          you out everywhere and emails you a confirmation; what is kept is listed above. You can also write
          to {contact}.
        </p>
      </Section>
    </article>
  )
}
