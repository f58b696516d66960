import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '#core/audit/audit-actions.ts'
import { byEnumName } from '#core/closed-set.ts'

// Issue 31: every audit action the server writes is in core's AUDIT_ACTIONS, and every kind of
// record in AUDIT_ENTITY_TYPES: the lists the GraphQL enums AuditAction and AuditEntityType are
// built from. `AuditEntry` is typed on them, so the compiler refuses an unlisted word where it is
// written; this test reads the source itself, so a word that reaches `auditChange` through a plain
// string (a helper's parameter, a constant) is found too, and a listed word nobody writes is stale.

/** Functions whose string arguments are audit actions (helpers that pass theirs to auditChange). */
const AUDIT_HELPERS = new Set(['audit', 'changePartBreakdown'])
const ACTION_WORD = /^[a-z][a-zA-Z-]*(\.[a-zA-Z-]+)+$/

/**
 * The audit actions one source file writes: string literals given as an object's `action`, a
 * `*_ACTION` constant or an audit helper's argument, through `?:` and `??`. A template literal
 * (`application.${change.action}`) gives its fixed head as a prefix.
 */
function writtenActions(
  fileName: string,
  text: string,
): { words: string[]; prefixes: string[]; kinds: string[] } {
  const words: string[] = []
  const prefixes: string[] = []
  const kinds: string[] = []
  const collectInto =
    (into: string[]) =>
    (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) into.push(node.text)
      else if (ts.isTemplateExpression(node)) prefixes.push(node.head.text)
      else if (ts.isConditionalExpression(node)) [node.whenTrue, node.whenFalse].forEach(collectInto(into))
      else if (ts.isBinaryExpression(node)) [node.left, node.right].forEach(collectInto(into))
      else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node))
        collectInto(into)(node.expression)
    }
  const collect = collectInto(words)
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && node.name.getText() === 'action') collect(node.initializer)
    else if (ts.isPropertyAssignment(node) && node.name.getText() === 'entityType')
      collectInto(kinds)(node.initializer)
    else if (ts.isVariableDeclaration(node) && /_ACTION$/.test(node.name.getText()) && node.initializer)
      collect(node.initializer)
    else if (ts.isCallExpression(node) && AUDIT_HELPERS.has(node.expression.getText()))
      node.arguments.forEach(collect)
    ts.forEachChild(node, visit)
  }
  visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true))
  // Bare words (`OFFER`, `withdraw`) are decision actions, not audit entries.
  return {
    words: words.filter((w) => ACTION_WORD.test(w)),
    prefixes: prefixes.filter((p) => ACTION_WORD.test(`${p}x`)),
    kinds,
  }
}

function serverSources(): { file: string; text: string }[] {
  const root = path.resolve(import.meta.dirname, '..')
  const found: { file: string; text: string }[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !full.includes('/testing/'))
        found.push({ file: full, text: readFileSync(full, 'utf8') })
    }
  }
  walk(root)
  return found
}

const listed: readonly string[] = AUDIT_ACTIONS
const unlisted = (found: { words: string[]; prefixes: string[]; kinds: string[] }) => [
  ...found.kinds
    .filter((k) => !(AUDIT_ENTITY_TYPES as readonly string[]).includes(k))
    .map((k) => `kind ${k}`),
  ...found.words.filter((w) => !listed.includes(w)),
  ...found.prefixes.filter((p) => !listed.some((a) => a.startsWith(p))).map((p) => `${p}…`),
]

/** Listed so that entries stored by earlier versions still read (no code writes them now). */
const KEPT_FOR_STORED_ENTRIES = ['tickets.purchase']

describe('audit actions', () => {
  it('finds an action written outside the list (the check can fail)', () => {
    const found = writtenActions(
      'x.ts',
      `await auditChange(tx, ctx, { action: late ? 'tickets.hold' : ('tickets.madeUp'), entityType: 'ticket' })
       const NEW_ACTION = 'tickets.alsoNew'
       await changePartBreakdown(ctx, slug, 'partBreakdown.renamed', run)
       await auditChange(tx, ctx, { action: \`application.\${a}\` })
       await auditChange(tx, ctx, { action: \`nothing.\${a}\`, entityType: 'gadget' })`,
    )
    expect(found).toEqual({
      words: ['tickets.hold', 'tickets.madeUp', 'tickets.alsoNew', 'partBreakdown.renamed'],
      prefixes: ['application.', 'nothing.'],
      kinds: ['ticket', 'gadget'],
    })
    expect(unlisted(found)).toEqual([
      'kind gadget',
      'tickets.madeUp',
      'tickets.alsoNew',
      'partBreakdown.renamed',
      'nothing.…',
    ])
  })

  const sources = serverSources()
  const all = sources.map(({ file, text }) => writtenActions(file, text))
  const words = new Set(all.flatMap((f) => f.words))
  const prefixes = new Set(all.flatMap((f) => f.prefixes))
  const kinds = new Set(all.flatMap((f) => f.kinds))

  it('lists every action and kind of record the server writes', () => {
    expect(words.size).toBeGreaterThan(80)
    expect(kinds.size).toBeGreaterThan(15)
    const missing = sources.flatMap(({ file }, i) =>
      unlisted(all[i]!).map((a) => `${path.relative(process.cwd(), file)}: ${a}`),
    )
    expect(missing).toEqual([])
  })

  it('lists no action the server no longer writes, but those stored entries still carry', () => {
    const stale = AUDIT_ACTIONS.filter((a) => !words.has(a) && ![...prefixes].some((p) => a.startsWith(p)))
    expect(stale).toEqual(KEPT_FOR_STORED_ENTRIES)
    expect(AUDIT_ENTITY_TYPES.filter((k) => !kinds.has(k))).toEqual([])
  })

  it('gives each action and kind its own GraphQL name', () => {
    expect(byEnumName(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length)
    expect(byEnumName(AUDIT_ENTITY_TYPES).size).toBe(AUDIT_ENTITY_TYPES.length)
  })
})
