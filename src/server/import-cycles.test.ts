import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cycles, importGraph, ROOT, SRC, sourceFiles } from './testing/import-graph.ts'

// STYLE.md / issue 11: no import circle anywhere in src/.

describe('import circles', () => {
  it('finds a circle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ])
    expect(cycles(graph).map((c) => c.sort())).toEqual([['a', 'b', 'c']])
  })

  it('resolves the #core/#server/#client aliases', () => {
    const graph = importGraph([path.join(SRC, 'server/context.ts')])
    expect(graph.get(path.join(SRC, 'server/context.ts'))).toContain(path.join(SRC, 'server/services.ts'))
  })

  it('src/ has none', () => {
    const found = cycles(importGraph(sourceFiles(SRC))).map((c) => c.map((f) => path.relative(ROOT, f)))
    expect(found).toEqual([])
  })
})
