import { useEffect } from 'react'

/** The message the widget posts to the page that frames it; the embed snippet listens for it. */
export const FRAME_HEIGHT_MESSAGE = 'stagedoor:mailing-list-height'

/**
 * Tell the parent page how tall the widget is, whenever that changes, so its iframe fits without a
 * scroll bar. Only a height is posted (nothing about the visitor), so any origin may hear it.
 */
export function useFrameHeight(): void {
  useEffect(() => {
    if (window.parent === window) return
    // The embed layout's <main>: the page itself is at least as tall as the frame (min-h-dvh), so
    // measuring it could never let the frame shrink.
    const content = document.getElementById('main') ?? document.body
    let last = 0
    const post = () => {
      const height = Math.ceil(content.getBoundingClientRect().height)
      if (height === last) return
      last = height
      window.parent.postMessage({ type: FRAME_HEIGHT_MESSAGE, height, path: location.pathname }, '*')
    }
    const observer = new ResizeObserver(post)
    observer.observe(content)
    post()
    return () => observer.disconnect()
  }, [])
}

/** The copy-paste snippet for a list's admin page: the iframe and the few lines that size it. */
export function embedSnippet(origin: string, listSlug?: string): string {
  const src = `${origin}/embed/mailing-lists${listSlug ? `/${encodeURIComponent(listSlug)}` : ''}`
  return [
    `<iframe src="${src}" title="Join our mailing list" style="width:100%;max-width:480px;border:0" height="420"></iframe>`,
    '<script>',
    "addEventListener('message', function (e) {",
    `  if (e.origin !== '${origin}' || !e.data || e.data.type !== '${FRAME_HEIGHT_MESSAGE}') return;`,
    "  document.querySelectorAll('iframe').forEach(function (f) {",
    '    if (f.contentWindow === e.source) f.height = String(e.data.height);',
    '  });',
    '});',
    '</script>',
  ].join('\n')
}
