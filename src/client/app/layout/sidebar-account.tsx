import { LogOut, ShieldCheck, Undo2, UserRound, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { footerLinks, type FooterLink } from '#core/navigation/admin-nav.ts'
import { Avatar } from '#client/components/ui/avatar.tsx'
import { useSignOut } from '#client/features/auth/hooks/use-sign-out.ts'
import type { CurrentUser } from '#client/lib/auth.ts'
import { itemClasses } from './sidebar-item.tsx'

const FOOTER_ICONS: Record<FooterLink['key'], LucideIcon> = {
  profile: UserRound,
  signOut: LogOut,
  admin: ShieldCheck,
  exitAdmin: Undo2,
}

/** Who is signed in, and their links: profile, admin mode in and out, sign out. */
export function AccountFooter({
  user,
  inAdmin,
  collapsed,
  onNavigate,
}: {
  user: CurrentUser
  inAdmin: boolean
  collapsed: boolean
  onNavigate?: () => void
}) {
  const { signOut, pending } = useSignOut()
  const links = footerLinks(user, inAdmin)
  const name = user.name || user.email
  return (
    <section aria-label="Your account" className="border-t border-brand-100 px-2 pt-3 pb-2">
      <div className={`flex items-center gap-3 ${collapsed ? 'justify-center' : 'px-2'}`}>
        <Avatar name={name} image={user.image} size="sm" />
        <div className={collapsed ? 'sr-only' : 'min-w-0'}>
          <p className="truncate text-sm font-semibold text-slate-900" data-account-name="">
            {name}
          </p>
          {user.name ? <p className="truncate text-xs text-slate-600">{user.email}</p> : null}
        </div>
      </div>
      <ul className="mt-2 space-y-0.5">
        {links.map((link) => {
          const Icon = FOOTER_ICONS[link.key]
          const content = (
            <>
              <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
              <span className={collapsed ? 'sr-only' : 'truncate'}>{link.label}</span>
            </>
          )
          if (link.key === 'signOut' || !link.to) {
            return (
              <li key={link.key}>
                <button
                  type="button"
                  onClick={() => {
                    if (!pending) void signOut()
                  }}
                  aria-disabled={pending || undefined}
                  title={collapsed ? link.label : undefined}
                  className={`w-full ${itemClasses(false, collapsed)} aria-disabled:cursor-progress aria-disabled:opacity-70`}
                >
                  {content}
                </button>
              </li>
            )
          }
          return (
            <li key={link.key}>
              <Link
                to={link.to}
                onClick={onNavigate}
                title={collapsed ? link.label : undefined}
                className={itemClasses(false, collapsed)}
              >
                {content}
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
