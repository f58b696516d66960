import { useSociety } from '#client/lib/society.tsx'
import { Logo, type LogoSize } from './logo.tsx'

const TEXT_SIZE: Record<LogoSize, string> = { xs: 'text-sm', sm: 'text-lg', md: 'text-2xl', lg: 'text-5xl' }
const IMAGE_SIZE: Record<LogoSize, string> = { xs: 'h-6', sm: 'h-8', md: 'h-10', lg: 'h-20' }

/** The society's logo (the Stagedoor mark until it gives one) with its short name beside it. */
export function Wordmark({ size = 'sm', className = '' }: { size?: LogoSize; className?: string }) {
  const society = useSociety()
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      {society.logoUrl ? (
        <img src={society.logoUrl} alt="" className={`${IMAGE_SIZE[size]} w-auto`} />
      ) : (
        <Logo size={size} />
      )}
      <span className={`font-extrabold tracking-tight text-brand-950 ${TEXT_SIZE[size]}`}>
        {society.shortName}
      </span>
    </span>
  )
}
