// Every browser test's `test`: Playwright's, failing a test whose pages log a hydration error (the server drew one
// thing and the browser another: React's production errors #418 to #425, or a development build's warning), in the
// test's own page and in any context it opens itself. Specs import { test, expect } from here.
import { type BrowserContext, test as base, type ConsoleMessage, type Page } from '@playwright/test'

export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test'
export { expect } from '@playwright/test'

const HYDRATION_ERROR = /Minified React error #4(1[89]|2[0-5])|hydrat(ed|ion)/i

/**
 * A web app page, once React has taken over its server-drawn HTML (app/start.tsx sets the mark); other pages at once.
 * page.goto and page.reload wait for it; a spec calls it after a navigation the page makes itself (location.assign).
 */
export async function waitForAppStart(page: Page) {
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.app === 'started',
  )
}

export const test = base.extend<{ hydrationErrors: string[] }>({
  // a click on server-drawn HTML before React runs would do nothing: every navigation by the test waits for the app
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = async (...args) => {
      const response = await goto(...args)
      await waitForAppStart(page)
      return response
    }
    page.reload = async (...args) => {
      const response = await reload(...args)
      await waitForAppStart(page)
      return response
    }
    await use(page)
  },
  hydrationErrors: [
    async ({ context, browser }, use) => {
      const errors: string[] = []
      const watch = (watched: BrowserContext) => {
        const onMessage = (message: ConsoleMessage) => {
          if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) errors.push(message.text())
        }
        for (const page of watched.pages()) page.on('console', onMessage)
        watched.on('page', (page) => page.on('console', onMessage))
      }
      watch(context)
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (...args) => {
        const opened = await newContext(...args)
        watch(opened)
        return opened
      }
      await use(errors)
      browser.newContext = newContext
      base.expect(errors, 'hydration errors in the browser console').toEqual([])
    },
    { auto: true },
  ],
})
