import type { HTMLAttributes, ReactNode, Ref } from 'react'
import { Link } from 'react-router'
import { panelClass } from './panel.tsx'
import { buttonClasses } from './button-link.tsx'
import { Logo } from './logo.tsx'
import { useSociety } from '#client/lib/society.tsx'

export type SecondaryAction = { label: string; to: string } | { label: string; onClick: () => void }

export interface FullScreenPageProps {
  /** The document title, before "· Stagedoor". */
  title: string
  heading?: ReactNode
  /** Lets a page move focus to its heading when its content changes in place. */
  headingRef?: Ref<HTMLHeadingElement>
  /** Text under the heading. */
  lead?: ReactNode
  children?: ReactNode
  secondaryAction?: SecondaryAction
  /** `wide` makes room for two columns on large screens. */
  width?: 'narrow' | 'wide'
}

/**
 * The full-screen fallback page (spec §1): gradient background, the logo, an optional heading,
 * optional content and an optional secondary action. Sign-in screens are built on it.
 */
export function FullScreenPage({
  title,
  heading,
  headingRef,
  lead,
  children,
  secondaryAction,
  width = 'narrow',
}: FullScreenPageProps) {
  const society = useSociety()
  return (
    <div className="min-h-dvh bg-linear-to-br from-brand-100 via-white to-brand-200 px-4 py-10 sm:py-14">
      <title>{`${title} · Stagedoor`}</title>
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto flex w-full flex-col items-center focus:outline-none ${width === 'wide' ? 'max-w-4xl' : 'max-w-md'}`}
      >
        <Link to="/" aria-label={`${society.shortName} home`} className="rounded-2xl">
          <Logo size="lg" className="drop-shadow-md" />
        </Link>
        {heading ? (
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="mt-6 text-center text-3xl font-extrabold tracking-tight text-balance text-brand-950 focus:outline-none sm:text-4xl"
          >
            {heading}
          </h1>
        ) : null}
        {lead ? <div className="mt-3 max-w-md text-center text-pretty text-slate-700">{lead}</div> : null}
        {children ? <div className="mt-8 w-full">{children}</div> : null}
        {secondaryAction ? (
          <div className="mt-8">
            {'to' in secondaryAction ? (
              <Link to={secondaryAction.to} className={buttonClasses('secondary')}>
                {secondaryAction.label}
              </Link>
            ) : (
              <button type="button" onClick={secondaryAction.onClick} className={buttonClasses('secondary')}>
                {secondaryAction.label}
              </button>
            )}
          </div>
        ) : null}
      </main>
    </div>
  )
}

/** The white panel forms and lists sit on. */
export function Card({ children, className = '', ...props }: HTMLAttributes<HTMLElement>) {
  return (
    <section className={`${panelClass('none')} p-6 sm:p-8 ${className}`} {...props}>
      {children}
    </section>
  )
}
