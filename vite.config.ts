import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The API server `npm run dev` proxies to (override with API_URL). */
const apiUrl = process.env.API_URL ?? 'http://localhost:3000'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      // GraphQL subscriptions share /api/graphql, hence ws.
      '/api': { target: apiUrl, changeOrigin: false, ws: true },
    },
  },
})
