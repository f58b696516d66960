// Text people type (their name, a friend's name on a ticket, a group's name) that goes into an email
// to someone else. Whoever types "Click https://evil.example/login" as the name of the friend they
// pass a ticket to must not get a link into that friend's inbox (issue 26, finding 11), nor lines
// of their own, nor characters that reorder or hide text. Every email with such text uses this.

/** The most characters of a typed name any email shows (longer ones end in "…"). */
export const MAIL_NAME_MAX = 80

// Controls (line breaks included) and invisible formatting characters: zero-width spaces and
// joiners, bidirectional overrides that show text in another order than it is read.
const CONTROL_OR_INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]+/gu

/**
 * A typed name made safe for an email to someone else: folded to plain characters (NFKC, so a
 * fullwidth "ｈｔｔｐｓ：／／" is caught too), one line, at most `max` characters, and with nothing a mail
 * client turns into a link: `://` becomes `[:]//`, a dot before two letters or digits (every domain
 * has one before its top level) becomes `[.]`, and `@` becomes `[@]`. "Dr. J.R. Smith" is untouched;
 * "evil.example" reads "evil[.]example".
 */
export function mailSafeText(text: string | null | undefined, max = MAIL_NAME_MAX): string {
  const line = (text ?? '').normalize('NFKC').replace(CONTROL_OR_INVISIBLE, ' ').replace(/\s+/g, ' ').trim()
  const chars = [...line]
  const cut =
    chars.length > max
      ? `${chars
          .slice(0, max - 1)
          .join('')
          .trimEnd()}…`
      : line
  return cut
    .replace(/:\/\//g, '[:]//')
    .replace(/[.\u3002\uff61](?=[\p{L}\p{N}]{2})/gu, '[.]')
    .replace(/@/g, '[@]')
}

/** "Hello <name>," for an email, or "Hello there," without a name. */
export function mailGreeting(name: string | null | undefined): string {
  return `Hello ${mailSafeText(name) || 'there'},`
}

/** Text for an HTML part: the five characters HTML gives a meaning to, as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Text inside Markdown shown as it is typed: no emphasis, link, image, heading or HTML from it. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, (c) => `\\${c}`)
}
