import { Logo, type LogoSize } from './logo.tsx'

const TEXT_SIZE: Record<LogoSize, string> = { xs: 'text-sm', sm: 'text-lg', md: 'text-2xl', lg: 'text-5xl' }

/** The logo mark with the "Stagedoor" name beside it. */
export function Wordmark({ size = 'sm', className = '' }: { size?: LogoSize; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <Logo size={size} />
      <span className={`font-extrabold tracking-tight text-brand-950 ${TEXT_SIZE[size]}`}>Stagedoor</span>
    </span>
  )
}
