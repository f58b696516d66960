import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

// The import graph of src/, read and resolved by the TypeScript compiler itself (package.json
// "imports" aliases included); type-only imports count too. Used by the file-level circle test
// (import-cycles.test.ts) and the module-level one (module-circles.test.ts).

export const ROOT = path.resolve(import.meta.dirname, '../../..')
export const SRC = path.join(ROOT, 'src')
const { options } = ts.parseJsonConfigFileContent(
  ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile).config,
  ts.sys,
  ROOT,
)

/** Every .ts/.tsx file under `dir` that is not a test (and not the generated client/gql). */
export function sourceFiles(dir: string): string[] {
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

/**
 * The graph of folders: `folderOf(file)` names a file's folder (or null to leave the file out), and
 * folder A imports folder B when any file of A imports a file of B. Each edge keeps one file-level
 * import that makes it, so a circle can be named with the imports to cut.
 */
export function folderGraph(
  files: Map<string, string[]>,
  folderOf: (file: string) => string | null,
): { graph: Map<string, string[]>; via: Map<string, string> } {
  const graph = new Map<string, Set<string>>()
  const via = new Map<string, string>()
  for (const [file, targets] of files) {
    const from = folderOf(file)
    if (from === null) continue
    if (!graph.has(from)) graph.set(from, new Set())
    for (const target of targets) {
      const to = folderOf(target)
      if (to === null || to === from) continue
      graph.get(from)!.add(to)
      if (!via.has(`${from} -> ${to}`)) via.set(`${from} -> ${to}`, `${file} -> ${target}`)
    }
  }
  return { graph: new Map([...graph].map(([k, v]) => [k, [...v].sort()])), via }
}
