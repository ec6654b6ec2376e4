// Every browser test's `test`: Playwright's, failing a test whose pages log a hydration error (the server drew one
// thing and the browser another: React's production errors #418 to #425, or a development build's warning), in the
// test's own page and in any context it opens itself. Specs import { test, expect } from here.
import { type BrowserContext, test as base, type ConsoleMessage } from '@playwright/test'

export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test'
export { expect } from '@playwright/test'

const HYDRATION_ERROR = /Minified React error #4(1[89]|2[0-5])|hydrat(ed|ion)/i

export const test = base.extend<{ hydrationErrors: string[] }>({
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
