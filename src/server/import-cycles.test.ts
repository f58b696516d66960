import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// STYLE.md / issue 11: no import circle anywhere in src/. Imports are read and resolved by the
// TypeScript compiler itself (package.json "imports" aliases included); type-only imports count too,
// because a circle of types is still a knot a reader has to untie.

const ROOT = path.resolve(import.meta.dirname, '../..')
const SRC = path.join(ROOT, 'src')
const { options } = ts.parseJsonConfigFileContent(
  ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile).config,
  ts.sys,
  ROOT,
)

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** Each file's imports inside src/, resolved to file paths. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles
      .map((i) => ts.resolveModuleName(i.fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((f): f is string => Boolean(f && f.startsWith(SRC) && !f.includes('node_modules')))
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** Every strongly connected component of more than one file (or a file importing itself). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0
  const indices = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    indices.set(v, index)
    low.set(v, index++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!))
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component)
    }
  }
  for (const v of graph.keys()) if (!indices.has(v)) visit(v)
  return found
}

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
