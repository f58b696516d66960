import path from 'node:path'
import type { IndexHtmlTransformContext, Plugin } from 'vite'

type OutputChunk = NonNullable<IndexHtmlTransformContext['chunk']>

/**
 * The app's module and the chunks it imports statically, preloaded from index.html: main.tsx imports
 * the app only after the page's first paint when the page arrived with the member home rendered
 * (decision 0056), and otherwise at once; either way the browser has fetched (and compiled) it
 * while the page was parsed and painted, as it had when main.tsx imported the app statically.
 */
export function preloadApp(module = 'src/client/app/start.tsx'): Plugin {
  let root = process.cwd()
  let base = '/'
  return {
    name: 'stagedoor:preload-app',
    apply: 'build',
    configResolved(config) {
      root = config.root
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle
        if (!bundle) return html
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk')
        const target = path.resolve(root, module)
        const app = chunks.find((c) => c.facadeModuleId === target)
        if (!app) throw new Error(`preload-app: no chunk for ${module} in the build`)
        const byFile = new Map(chunks.map((c) => [c.fileName, c]))
        const files = new Set<string>()
        const visit = (chunk: OutputChunk) => {
          if (files.has(chunk.fileName)) return
          files.add(chunk.fileName)
          for (const imported of chunk.imports) {
            const next = byFile.get(imported)
            if (next) visit(next)
          }
        }
        visit(app)
        return [...files]
          .filter((file) => !html.includes(`${base}${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          }))
      },
    },
  }
}
