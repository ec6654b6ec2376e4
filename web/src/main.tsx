// The browser's entry, kept small: the stylesheet, and the app (app/start.tsx) once the page is on screen. Pages
// arrive drawn by the server, so their first paint needs only the HTML and the stylesheet; the app's code is asked
// for after that paint, so it neither competes with them on a slow network nor delays the paint (vite.config.ts).
import './lib/zod-config.ts'
import './styles.css'

/**
 * Resolves once the browser has painted the server's HTML (its first contentful paint); at the latest after
 * FIRST_PAINT_WAIT_MS (a tab in the background paints nothing, a browser may not report paints).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined
    const done = () => {
      observer?.disconnect()
      clearTimeout(timer)
      resolve()
    }
    const timer = setTimeout(done, FIRST_PAINT_WAIT_MS)
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done()
      })
      observer.observe({ type: 'paint', buffered: true })
    } catch {
      // no paint timing here: the timer decides
    }
  })
}
const FIRST_PAINT_WAIT_MS = 300

/**
 * A button clicked before the app has taken the page over does nothing: the server's HTML has no handlers. The last
 * such click is kept and made again once the app has started (React hydrates the clicked part first). Links and
 * a form's submit buttons need nothing: the browser follows or submits them without the app.
 */
function keepEarlyClick(): () => void {
  let clicked: HTMLElement | null = null
  const keep = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('button, [role="button"]') : null
    if (!(target instanceof HTMLElement) || target.closest('a[href]')) return
    if (target instanceof HTMLButtonElement && target.type === 'submit' && target.form) return
    clicked = target
  }
  document.addEventListener('click', keep, true)
  return () => {
    document.removeEventListener('click', keep, true)
    if (clicked?.isConnected) clicked.click()
  }
}

const drawnByServer = document.getElementById('root')?.hasChildNodes() ?? false
const replayEarlyClick = drawnByServer ? keepEarlyClick() : () => {}
void (drawnByServer ? afterFirstPaint() : Promise.resolve())
  .then(() => import('./app/start.tsx'))
  .then((app) => app.start())
  .then(replayEarlyClick)
