// The page's script. The stylesheet is imported here so that the build links it from index.html
// (render-blocking: a page painted before it would be unstyled); the app is in app/start.tsx.
//
// A signed-in home arrives with the member home already rendered in #root (decision 0027). The
// browser runs a page's module scripts as soon as the page is parsed, before it paints anything when
// they have arrived by then (from a fast network, or the service worker's precache): the page was
// then first painted after the app had loaded and rendered, 1.1-1.5 s at 4× CPU slowdown. So for
// such a page the app's code runs only once the page has been painted (decision 0056); the build
// preloads it meanwhile (scripts/vite-preload-app.ts). Any other page starts the app at once.
import './styles.css'
import { afterFirstPaint } from './app/after-first-paint.ts'

const start = () => void import('./app/start.tsx')

if (document.getElementById('root')?.hasAttribute('data-prerendered')) afterFirstPaint(start)
else start()
