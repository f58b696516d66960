import { safeRelativePath } from '#core/auth/redirect.ts'
import { endOfflineWrites, signOutEnded } from '#client/lib/offline-keep.ts'
import { createSessionMachine, type AuthOptions, type SessionMachine } from './session.ts'
import {
  AUTH_MESSAGES,
  AuthError,
  notLoggedInError,
  type AuthConfig,
  type AuthProviderInfo,
  type CurrentUser,
} from './transport.ts'

// What a member does with their account (sign in and up, links, providers, passwords, profile) on
// top of the session machine, which keeps who is signed in and their token.

/** The session the app holds: the machine's state, token and events, and the account actions. */
export interface Auth extends Pick<
  SessionMachine,
  | 'getState'
  | 'subscribe'
  | 'onEvent'
  | 'start'
  | 'getToken'
  | 'refresh'
  | 'refreshSession'
  | 'handleUnauthenticated'
  | 'completeRedirectSignIn'
  | 'dispose'
> {
  login(input: { email: string; password: string }): Promise<CurrentUser>
  signup(input: { name: string; email: string; password: string; redirectTo?: string | null }): Promise<void>
  logout(): Promise<void>
  requestMagicLink(input: { email: string; redirectTo?: string | null }): Promise<void>
  consumeMagicLink(token: string): Promise<CurrentUser>
  /** Where to send the browser to sign in with a provider. */
  providerSignInUrl(provider: AuthProviderInfo, redirectTo?: string | null): Promise<string>
  forgotPassword(email: string): Promise<void>
  resetPassword(input: { token: string; newPassword: string }): Promise<void>
  changePassword(input: { currentPassword: string; newPassword: string }): Promise<void>
  updateUser(input: { name?: string; image?: string | null }): Promise<CurrentUser>
  /** Text a sign-in code (or, with `link`, a code to add the number to the signed-in account). */
  sendPhoneCode(input: { phoneNumber: string; link?: boolean }): Promise<void>
  /** Sign in (a new number signs up) with the texted code. */
  signInWithPhone(input: { phoneNumber: string; code: string }): Promise<CurrentUser>
  /** Put a number on the signed-in account with its texted code. */
  linkPhone(input: { phoneNumber: string; code: string }): Promise<void>
  removePhone(): Promise<void>
  /** The signed-in member's phone number (E.164), or null. */
  getPhoneNumber(): Promise<string | null>
  /** The login page's configuration, fetched once (again after a failure). */
  getConfig(): Promise<AuthConfig>
}

/** Where provider and email-link sign-ins land: /login/success, which then goes to `redirectTo`. */
export function signInSuccessPath(redirectTo?: string | null): string {
  const target = safeRelativePath(redirectTo)
  return target === '/' ? '/login/success' : `/login/success?redirectTo=${encodeURIComponent(target)}`
}

/** Where the password-reset email's link lands after the server has validated its token. */
export const RESET_PASSWORD_PATH = '/reset-password'

const ignore = () => undefined

export function createAuth(options: AuthOptions): Auth {
  const { transport } = options
  const session = createSessionMachine(options)
  let config: Promise<AuthConfig> | undefined

  /** A function the client type lacks (spec §8: 'Auth client {type} does not implement this function'). */
  function notImplemented(): AuthError {
    return new AuthError(AUTH_MESSAGES.notImplemented(transport.type), { code: 'NOT_IMPLEMENTED' })
  }

  async function signedInAfter(action: () => Promise<void>): Promise<CurrentUser> {
    void session.start()
    await action()
    const next = await session.check()
    if (next.status !== 'authenticated') throw notLoggedInError()
    session.announce()
    return next.user
  }

  return {
    getState: session.getState,
    subscribe: session.subscribe,
    onEvent: session.onEvent,
    start: session.start,
    getToken: session.getToken,
    refresh: session.refresh,
    refreshSession: session.refreshSession,
    handleUnauthenticated: session.handleUnauthenticated,
    completeRedirectSignIn: session.completeRedirectSignIn,
    login: (input) => signedInAfter(() => transport.signIn(input)),
    async signup({ name, email, password, redirectTo }) {
      void session.start()
      await transport.signUp({ name, email, password, callbackURL: signInSuccessPath(redirectTo) })
      // A login or signup re-checks the auth state (no session yet while the email is unverified).
      await session.check().catch(ignore)
    },
    async logout() {
      // Before the request: the page's own offline writes in flight keep nothing after it.
      endOfflineWrites()
      let failure: unknown
      try {
        await session.withRetry(() => transport.signOut())
      } catch (error) {
        failure = error
      }
      // Signed out here whatever the server said: the member asked to leave this device.
      session.signedOut()
      signOutEnded()
      if (failure) throw failure
    },
    async requestMagicLink({ email, redirectTo }) {
      if (!transport.requestMagicLink) throw notImplemented()
      await transport.requestMagicLink({ email, callbackURL: safeRelativePath(redirectTo) })
    },
    async consumeMagicLink(magicToken) {
      const consume = transport.consumeMagicLink?.bind(transport)
      if (!consume) throw notImplemented()
      return signedInAfter(() => consume(magicToken))
    },
    async providerSignInUrl(provider, redirectTo) {
      const target = safeRelativePath(redirectTo)
      const errorCallbackURL =
        target === '/'
          ? '/login/success?error=provider'
          : `/login/success?error=provider&redirectTo=${encodeURIComponent(target)}`
      if (!transport.providerSignInUrl) throw notImplemented()
      return transport.providerSignInUrl({
        provider,
        callbackURL: signInSuccessPath(target),
        errorCallbackURL,
      })
    },
    async forgotPassword(email) {
      if (!transport.forgotPassword) throw notImplemented()
      await transport.forgotPassword({ email, redirectTo: RESET_PASSWORD_PATH })
    },
    async resetPassword(input) {
      if (!transport.resetPassword) throw notImplemented()
      await transport.resetPassword(input)
    },
    async changePassword(input) {
      session.requireSession()
      if (!transport.changePassword) throw notImplemented()
      await transport.changePassword(input)
      // The server ended every other session and renewed this one.
      await session.check().catch(ignore)
    },
    async updateUser(input) {
      session.requireSession()
      if (!transport.updateUser) throw notImplemented()
      await transport.updateUser(input)
      const next = await session.check()
      if (next.status !== 'authenticated') throw notLoggedInError()
      return next.user
    },
    async sendPhoneCode(input) {
      if (!transport.sendPhoneCode) throw notImplemented()
      if (input.link) session.requireSession()
      await transport.sendPhoneCode(input)
    },
    async signInWithPhone(input) {
      const verify = transport.verifyPhoneCode?.bind(transport)
      if (!verify) throw notImplemented()
      return signedInAfter(() => verify(input))
    },
    async linkPhone(input) {
      session.requireSession()
      if (!transport.verifyPhoneCode) throw notImplemented()
      await transport.verifyPhoneCode({ ...input, link: true })
    },
    async removePhone() {
      session.requireSession()
      if (!transport.updateUser) throw notImplemented()
      await transport.updateUser({ phoneNumber: null })
    },
    async getPhoneNumber() {
      session.requireSession()
      if (!transport.getPhoneNumber) throw notImplemented()
      return transport.getPhoneNumber()
    },
    getConfig() {
      config ??= transport.getConfig().catch((error: unknown) => {
        config = undefined
        throw error
      })
      return config
    },
    dispose: session.dispose,
  }
}
