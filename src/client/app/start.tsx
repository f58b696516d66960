import '../lib/zod-jitless.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { renderOverPage } from './react19-on-preact.ts'
import { applyBrowserClass } from './browser-class.ts'
import { auth, Providers } from './providers.tsx'
import { AppRouter } from './router.tsx'

// The app itself, started by main.tsx (after the page's first paint when the page arrived with the
// member home rendered in it).

// When the app's code began to run, for a profile or a trace (and e2e: after the page's first paint).
performance.mark('stagedoor:app-start')
applyBrowserClass(document.body, navigator.vendor)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const app = (
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>
)
// A signed-in home arrives rendered (server/http/prerendered-home.ts), painted before this code ran:
// the app's first render takes over those elements (only in the build, which runs on Preact).
if (import.meta.env.PROD && root.hasAttribute('data-prerendered')) renderOverPage(root, app)
else createRoot(root).render(app)

// The service worker (offline pages, push) in production builds only; lazily, off the first load.
if (import.meta.env.PROD) void import('../offline/register.ts').then((m) => m.registerServiceWorker(auth))
