import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { graphqlDocuments } from './scripts/vite-graphql-documents.ts'
import { precompress } from './scripts/vite-precompress.ts'
import { preloadApp } from './scripts/vite-preload-app.ts'

/**
 * The client build runs on Preact: `preact/compat` stands in for React and React DOM, 55 kB gzip
 * lighter in the first load (decision 0027, "First load"). The sources keep React's imports and
 * types; `npm run dev` and the unit tests run React itself. What React 19 does that Preact does not
 * (`<title>` anywhere, `autoFocus` on mount) is src/client/app/react19-on-preact.ts.
 */
const preactCompat = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // recharts asks react-is whether a child is a fragment: Preact's elements are not React 19's.
  { find: /^react-is$/, replacement: 'preact/compat' },
]

/** The API server `npm run dev` proxies to (override with API_URL). */
const apiUrl = process.env.API_URL ?? 'http://localhost:3000'

/**
 * `vite build --ssr src/client/app/prerender.tsx` (part of `npm run build`): the member home rendered
 * on the server ahead of the app (decision 0027), into dist/ssr, on the same Preact, with every
 * package bundled in (the aliases apply only to what is bundled).
 */
const prerenderBuild = defineConfig({
  resolve: { alias: preactCompat },
  plugins: [graphqlDocuments(), react()],
  // A production build of every package (urql's development warnings, React Router's checks).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: {
    noExternal: true,
    target: 'node',
    resolve: { conditions: ['production'], externalConditions: ['production'] },
  },
  build: { outDir: 'dist/ssr', emptyOutDir: true, copyPublicDir: false },
})

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? prerenderBuild
    : {
        resolve: command === 'build' ? { alias: preactCompat } : {},
        plugins: [
          graphqlDocuments(),
          react(),
          tailwindcss(),
          preloadApp(),
          precompress(),
          // The installable app and its service worker (decision 0028). src/client/offline/register.ts
          // registers it in production builds only: `npm run dev` has none.
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'src/client/sw',
            filename: 'sw.ts',
            injectRegister: false,
            manifest: {
              name: 'Stagedoor',
              short_name: 'Stagedoor',
              description: 'The web app of a student music and performing-arts society.',
              theme_color: '#6a21d6',
              background_color: '#ffffff',
              display: 'standalone',
              start_url: '/',
              icons: [
                { src: '/pwa-icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
                { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
                { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
                { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
              ],
            },
            injectManifest: {
              globPatterns: ['**/*.{js,css,html,svg,woff2}'],
              maximumFileSizeToCacheInBytes: 4_000_000,
            },
            devOptions: { enabled: false },
          }),
        ],
        build: {
          outDir: 'dist/client',
          emptyOutDir: true,
          // dist/client/.vite/manifest.json: which chunks each entry and page loads, for the first-load
          // budget check (e2e/platform/first-load-size.spec.ts).
          manifest: true,
          // SOURCEMAP=1 npm run build: source maps, to see what each package weighs in a chunk.
          sourcemap: process.env.SOURCEMAP === '1',
        },
        server: {
          proxy: {
            // GraphQL subscriptions share /api/graphql, hence ws.
            '/api': { target: apiUrl, changeOrigin: false, ws: true },
          },
        },
      },
)
