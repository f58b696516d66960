import './lib/zod-jitless.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { renderOverPage } from './app/react19-on-preact.ts'
import { applyBrowserClass } from './app/browser-class.ts'
import { Providers } from './app/providers.tsx'
import { AppRouter } from './app/router.tsx'
import './styles.css'

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
if (import.meta.env.PROD) void import('./offline/register.ts').then((m) => m.registerServiceWorker())
