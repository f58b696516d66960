export type LogoSize = 'xs' | 'sm' | 'md' | 'lg'

/** Rendered edge length in pixels for each logo size (spec §9: xs, sm, md, lg). */
export const LOGO_SIZES: Record<LogoSize, number> = { xs: 20, sm: 28, md: 40, lg: 72 }

export interface LogoProps {
  size?: LogoSize
  /** Accessible name. Leave it out where the wordmark is beside the mark: it is then decorative. */
  title?: string
  className?: string
}

/**
 * The Stagedoor mark: a purple S with a slash through it and two dots, like a stage-lit "%".
 */
export function Logo({ size = 'md', title, className }: LogoProps) {
  const px = LOGO_SIZES[size]
  const a11y = title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true as const }
  return (
    <svg
      viewBox="0 0 48 48"
      width={px}
      height={px}
      className={className}
      data-logo-size={size}
      focusable="false"
      {...a11y}
    >
      {title ? <title>{title}</title> : null}
      <rect width="48" height="48" rx="12" className="fill-brand-700" />
      <path
        transform="translate(2.4 2.4) scale(0.9)"
        d="M31.5 14.5c-1.9-1.9-4.6-3-7.6-3-4.6 0-8 2.6-8 6.2 0 8.6 16.4 4.4 16.4 12.7 0 3.7-3.5 6.3-8.3 6.3-3.3 0-6.3-1.3-8.3-3.5"
        fill="none"
        stroke="white"
        strokeWidth="4.2"
        strokeLinecap="round"
      />
      <path
        d="M34.5 9.5 13.5 38.5"
        stroke="white"
        strokeOpacity="0.55"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <circle cx="11" cy="11" r="2.9" className="fill-brand-200" />
      <circle cx="37" cy="37" r="2.9" className="fill-brand-200" />
    </svg>
  )
}
