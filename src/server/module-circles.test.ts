import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cycles, folderGraph, importGraph, ROOT, SRC, sourceFiles } from './testing/import-graph.ts'

// Issue 31: the server's modules (src/server/modules/<concept>/) import each other one way only. The
// file-level circle test (import-cycles.test.ts) cannot see a circle of folders whose files do not
// form a circle themselves (applications/a.ts → acceptance/b.ts and acceptance/c.ts →
// applications/d.ts), yet such a pair cannot be understood, moved or tested apart.
// NOTE: tests are left out (sourceFiles): a test imports factories and helpers from anywhere, and
// nothing imports a test, so it closes no circle a reader has to untie.

const MODULES = path.join(SRC, 'server/modules')

/** The module (first folder under src/server/modules) a file belongs to; null outside them. */
function moduleOf(file: string): string | null {
  const rel = path.relative(MODULES, file)
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null
  const [first, ...rest] = rel.split(path.sep)
  return rest.length > 0 ? first! : null
}

/** Each circle of modules, named with one import that makes each of its edges. */
function moduleCircles(files: Map<string, string[]>): string[] {
  const { graph, via } = folderGraph(files, moduleOf)
  return cycles(graph).map((circle) => {
    const members = new Set(circle)
    const edges = [...via]
      .filter(([edge]) => {
        const [from, to] = edge.split(' -> ')
        return members.has(from!) && members.has(to!)
      })
      .map(([edge, file]) => {
        const [from, to] = file.split(' -> ')
        return `${edge} (${path.relative(ROOT, from!)} imports ${path.relative(ROOT, to!)})`
      })
    return `${[...circle].sort().join(' ↔ ')}: ${edges.join('; ')}`
  })
}

describe('module circles (src/server/modules/*)', () => {
  it('finds a circle of folders that no circle of files shows (the check can fail)', () => {
    const f = (p: string) => path.join(MODULES, p)
    const files = new Map([
      [f('applications/member-transition.ts'), [f('acceptance/promote.ts')]],
      [f('acceptance/promote.ts'), [f('shared/guards.ts')]],
      [f('acceptance/decide.ts'), [f('applications/change-status.ts')]],
      [f('applications/change-status.ts'), []],
      [f('shared/guards.ts'), []],
      [path.join(SRC, 'server/app.ts'), [f('acceptance/decide.ts')]],
    ])
    expect(cycles(files)).toEqual([])
    const found = moduleCircles(files)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(/^acceptance ↔ applications: /)
    expect(found[0]).toContain(
      'applications/member-transition.ts imports src/server/modules/acceptance/promote.ts',
    )
  })

  it('reads every module folder', () => {
    const { graph } = folderGraph(importGraph(sourceFiles(MODULES)), moduleOf)
    for (const name of [
      'applications',
      'acceptance',
      'events',
      'participants',
      'payments',
      'push',
      'tickets',
    ])
      expect(graph.has(name), name).toBe(true)
    expect(graph.get('acceptance')).toContain('applications')
  })

  it('src/server/modules has none', () => {
    expect(moduleCircles(importGraph(sourceFiles(MODULES)))).toEqual([])
  })
})
