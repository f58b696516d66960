import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { graphqlDocuments } from './scripts/vite-graphql-documents.ts'

/** The API server `npm run dev` proxies to (override with API_URL). */
const apiUrl = process.env.API_URL ?? 'http://localhost:3000'

export default defineConfig({
  plugins: [graphqlDocuments(), react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which chunks each entry and page loads, for the first-load
    // budget check (e2e/platform/first-load-size.spec.ts).
    manifest: true,
  },
  server: {
    proxy: {
      // GraphQL subscriptions share /api/graphql, hence ws.
      '/api': { target: apiUrl, changeOrigin: false, ws: true },
    },
  },
})
