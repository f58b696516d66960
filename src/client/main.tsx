import './lib/zod-jitless.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './app/react19-on-preact.ts'
import { applyBrowserClass } from './app/browser-class.ts'
import { Providers } from './app/providers.tsx'
import { AppRouter } from './app/router.tsx'
import './styles.css'

applyBrowserClass(document.body, navigator.vendor)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
)

// The service worker (offline pages, push) in production builds only; lazily, off the first load.
if (import.meta.env.PROD) void import('./offline/register.ts').then((m) => m.registerServiceWorker())
