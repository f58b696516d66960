import { GraphQLError, Lexer, Source, TokenKind } from 'graphql'
import { AppError } from '#core/errors.ts'

/** Limits every GraphQL document meets before it is parsed, on every transport (decision 0030). */
export const DOCUMENT_LIMITS = {
  /** Characters of document text; the client's largest document is about 3 KB. */
  maxLength: 32 * 1024,
  /** Lexical tokens; also given to the parser as `maxTokens`. */
  maxTokens: 2000,
  /** Bracket nesting: the parser recurses per level (issue 17, finding 5). */
  maxNesting: 64,
  /** Operations in one document: the client sends one. */
  maxOperations: 10,
  /** Fragment definitions in one document. */
  maxFragments: 50,
  /** Aliased fields in one document. */
  maxAliases: 30,
} as const

export type DocumentLimits = { [K in keyof typeof DOCUMENT_LIMITS]: number }

const refuse = (message: string) => new AppError('BAD_REQUEST', message)

/**
 * Refuses a document that is too long, has too many tokens, nests too deep, or carries too many
 * operations, fragments or aliases: each a BAD_REQUEST with a plain message. One pass of graphql's
 * own lexer, no parse and no recursion, so a hostile document costs no more than reading it; a
 * syntax error is left for the parser to report (it stops at the same place).
 */
export function checkDocument(text: string, limits: DocumentLimits = DOCUMENT_LIMITS): void {
  if (text.length > limits.maxLength) {
    throw refuse(`The document is too long: at most ${limits.maxLength / 1024} KB.`)
  }
  const lexer = new Lexer(new Source(text))
  /** Open brackets; `true` marks a `{` that opens a selection set (not an input object). */
  const open: { kind: TokenKind; selection: boolean }[] = []
  let tokens = 0
  let operations = 0
  let fragments = 0
  let aliases = 0
  let pending: 'operation' | 'fragment' | null = null
  let previous: TokenKind | null = null
  for (;;) {
    let token
    try {
      token = lexer.advance()
    } catch (error) {
      if (error instanceof GraphQLError) return
      throw error
    }
    if (token.kind === TokenKind.EOF) return
    if (++tokens > limits.maxTokens) {
      throw refuse(`The document has too many tokens: at most ${limits.maxTokens}.`)
    }
    const top = open.at(-1)
    switch (token.kind) {
      case TokenKind.NAME:
        if (open.length === 0 && pending === null) {
          if (token.value === 'fragment') pending = 'fragment'
          else if (token.value === 'query' || token.value === 'mutation' || token.value === 'subscription')
            pending = 'operation'
        }
        break
      case TokenKind.COLON:
        if (previous === TokenKind.NAME && top?.selection && ++aliases > limits.maxAliases) {
          throw refuse(`The document has too many aliases: at most ${limits.maxAliases}.`)
        }
        break
      case TokenKind.BRACE_L:
        if (open.length === 0) {
          if (pending === 'fragment') {
            if (++fragments > limits.maxFragments) {
              throw refuse(`The document has too many fragments: at most ${limits.maxFragments}.`)
            }
          } else if (++operations > limits.maxOperations) {
            throw refuse(`The document has too many operations: at most ${limits.maxOperations}.`)
          }
          pending = null
        }
        open.push({ kind: token.kind, selection: open.length === 0 || top?.selection === true })
        break
      case TokenKind.PAREN_L:
      case TokenKind.BRACKET_L:
        open.push({ kind: token.kind, selection: false })
        break
      case TokenKind.BRACE_R:
      case TokenKind.PAREN_R:
      case TokenKind.BRACKET_R:
        open.pop()
        break
      default:
        break
    }
    if (open.length > limits.maxNesting) {
      throw refuse(`The document nests deeper than ${limits.maxNesting} levels.`)
    }
    previous = token.kind
  }
}

/** The part of a WebSocket the guard needs. */
export interface GuardedSocket {
  emit(event: string | symbol, ...args: unknown[]): boolean
  send(data: string): void
}

/**
 * Makes a GraphQL WebSocket (graphql-transport-ws, or the older graphql-ws) meet the same document
 * checks as HTTP. Mercurius parses a `subscribe` message's query straight away, with no hook in
 * front, so the socket's `message` events are checked before Mercurius hears them: a document that
 * fails answers an `error` message for its id and goes no further; everything else passes as sent.
 */
export function guardSocketDocuments(socket: GuardedSocket): void {
  const emit = socket.emit.bind(socket)
  socket.emit = (event: string | symbol, ...args: unknown[]): boolean => {
    if (event !== 'message') return emit(event, ...args)
    type Message = { id?: unknown; type?: unknown; payload?: { query?: unknown } } | null
    let message: Message
    try {
      message = JSON.parse(String(args[0])) as Message
    } catch {
      return emit(event, ...args)
    }
    const query = message?.payload?.query
    if ((message?.type === 'subscribe' || message?.type === 'start') && typeof query === 'string') {
      try {
        checkDocument(query)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        const payload = [{ message: error.message, extensions: { code: error.code } }]
        socket.send(JSON.stringify({ type: 'error', id: message?.id, payload }))
        return true
      }
    }
    return emit(event, ...args)
  }
}
