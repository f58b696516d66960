import { options, render, type ComponentChildren, type VNode } from 'preact'
import { useLayoutEffect, useRef } from 'preact/hooks'

// The client build runs on Preact with `preact/compat` in place of React DOM (vite.config.ts,
// decision 0027). Two things the pages rely on that React 19 does and Preact does not, done here
// for that build (under React, in `npm run dev` and the unit tests, Preact never renders, so these
// hooks never run):
//
// - A `<title>` rendered anywhere outside an `<svg>` is the document's title: React 19 hoists it
//   into `<head>`, the latest one mounted winning. Here it renders nothing and sets
//   `document.title` the same way (left in the page, a hidden `<title>` would still be found by
//   text, and would not be the document's title).
// - `autoFocus` focuses the element when it mounts (the HTML attribute alone does that only on the
//   first page load).

const initialTitle = document.title
/** The titles shown now, oldest first: the last one is the document's. */
const titles: { text: string }[] = []

function showTitle() {
  document.title = titles.at(-1)?.text ?? initialTitle
}

function titleText(children: ComponentChildren): string {
  return [children].flat(Infinity as 1).join('')
}

/** Adds a shown title, newest last; returns its removal. */
function showNewTitle(shown: { text: string }): () => void {
  titles.push(shown)
  showTitle()
  return () => {
    titles.splice(titles.indexOf(shown), 1)
    showTitle()
  }
}

function DocumentTitle({ children }: { children?: ComponentChildren }) {
  const text = titleText(children)
  // One entry per mounted title, kept in mount order; its text follows the renders.
  const shownRef = useRef<{ text: string }>({ text })
  useLayoutEffect(() => showNewTitle(shownRef.current), [])
  useLayoutEffect(() => {
    shownRef.current.text = text
    showTitle()
  }, [text])
  return null
}

/** `<title>` vnodes inside an `<svg>` (its accessible name) stay SVG titles. */
function keepSvgTitles(children: unknown) {
  for (const child of [children].flat(Infinity as 1)) {
    if (!child || typeof child !== 'object' || !('type' in child)) continue
    const vnode = child as VNode<{ children?: unknown }>
    if (vnode.type === DocumentTitle) (vnode as { type: unknown }).type = 'title'
    else if (typeof vnode.type === 'string') keepSvgTitles(vnode.props.children)
  }
}

const focused = new WeakSet<Element>()

function focusOnMount(vnode: VNode) {
  const ref = vnode.ref as ((el: HTMLElement | null) => unknown) | { current: unknown } | null | undefined
  ;(vnode as { ref: unknown }).ref = (el: HTMLElement | null) => {
    if (el?.isConnected && !focused.has(el)) {
      focused.add(el)
      el.focus()
    }
    if (typeof ref === 'function') return ref(el)
    if (ref) ref.current = el
  }
}

const previousVNodeHook = options.vnode
options.vnode = (vnode) => {
  if (vnode.type === 'title') (vnode as { type: unknown }).type = DocumentTitle
  else if (vnode.type === 'svg') keepSvgTitles((vnode.props as { children?: unknown }).children)
  if (typeof vnode.type === 'string' && (vnode.props as { autoFocus?: boolean }).autoFocus)
    focusOnMount(vnode)
  previousVNodeHook?.(vnode)
}

/**
 * Render the app into a `#root` that holds the page's first render already, made on the server
 * (server/http/prerendered-home.ts): Preact's own `render` takes the elements it finds for the ones
 * it makes, correcting their attributes and text, where React DOM's (and compat's) would empty the
 * root first. The nodes stay, so what the browser painted from the page is not painted again.
 * Until then the root is inert: the page's buttons do nothing before this runs.
 */
export function renderOverPage(root: HTMLElement, app: unknown) {
  root.removeAttribute('inert')
  root.removeAttribute('aria-hidden')
  root.removeAttribute('data-prerendered')
  render(app as VNode, root)
}
