/** At most this long for the first frame (a frame may never come: a page opened in the background). */
const FRAME_WAIT_MS = 1_000

/**
 * Run `work` once the page has been painted: a task queued from the next animation frame runs after
 * that frame's paint. A page that is not visible paints nothing, so `work` runs at once.
 */
export function afterFirstPaint(
  work: () => void,
  win: Pick<Window, 'requestAnimationFrame' | 'setTimeout'> & {
    document: Pick<Document, 'visibilityState'>
  } = window,
): void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    work()
  }
  if (win.document.visibilityState !== 'visible') return once()
  win.requestAnimationFrame(() => win.setTimeout(once, 0))
  win.setTimeout(once, FRAME_WAIT_MS)
}
