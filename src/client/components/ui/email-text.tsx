import { Fragment } from 'react'

/**
 * An email address that may wrap after its "@" and before each dot, never mid-word: a long address
 * lets its table column narrow ("ben.chen42@" / "members." / "stagedoor.test") so the row's actions
 * stay in view.
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/)
  return (
    <span className={className}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
