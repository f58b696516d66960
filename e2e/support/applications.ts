import { graphqlAs, signUp, TEST_RUNNER_ADDRESS, type TestAccount } from './accounts.ts'
import { linkIn, waitForMail } from './auth.ts'
import { uniqueSlug } from './events.ts'

/**
 * A new, verified member: sign-up, then the verification link from the outbox (read as `mailReader`,
 * an account that may read it).
 */
export async function freshMember(
  baseUrl: string,
  mailReader: TestAccount,
  member: { name: string; emailPrefix: string; password: string },
): Promise<TestAccount> {
  const account = {
    email: `${uniqueSlug(member.emailPrefix)}@stagedoor.test`,
    password: member.password,
    name: member.name,
  }
  await signUp(baseUrl, account)
  const mail = await waitForMail(baseUrl, mailReader, account.email, 'auth.verify-email')
  const verified = await fetch(linkIn(mail.text), {
    redirect: 'manual',
    headers: { 'x-forwarded-for': TEST_RUNNER_ADDRESS },
  })
  if (verified.status >= 400) throw new Error(`Verifying ${account.email} failed: HTTP ${verified.status}`)
  return account
}

export interface TestApplication {
  eventSlug: string
  type: string
  /** The profile essentials the form asks for. */
  profile: {
    name: string
    phone: string
    emergencyContact: { name: string; phone: string; relationship: string }
  }
  answers?: Record<string, unknown>
}

/** Submit an application through the GraphQL API as the member whose token this is; returns its id. */
export async function submitApplication(
  baseUrl: string,
  memberToken: string,
  application: TestApplication,
): Promise<string> {
  const { submitApplication } = await graphqlAs<{ submitApplication: { id: string } }>(baseUrl, memberToken, {
    operationName: 'SubmitTestApplication',
    query:
      'mutation SubmitTestApplication($e: String!, $t: String!, $p: ProfileEssentialsInput!, $a: JSON!) { submitApplication(eventSlug: $e, type: $t, profile: $p, answers: $a) { id } }',
    variables: {
      e: application.eventSlug,
      t: application.type,
      p: application.profile,
      a: application.answers ?? {},
    },
  })
  return submitApplication.id
}
