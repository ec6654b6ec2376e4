// Company customers: a vendor's admin adds customers (a new name, and a company found by the debounced search with
// its domain prefilled), meets both alerts, copies and sends the invitation, changes an address, sees a customer
// become Added once it lists the tool, and finds the customers on the tool's page.

import {
  ALREADY_HAS_SERVICE_ALERT,
  COPY_MODAL_TITLE,
  DOMAIN_HINT,
  DUPLICATE_EMAIL_ALERT,
  EDIT_MODAL_TITLE,
  NO_EMAIL_NOTE,
  SEND_SUCCESS_ALERT,
  SUBMIT_IDLE,
} from '../contracts/company-customers.ts'
import { expectNoA11yViolations } from './a11y.ts'
import { screenshot, signUp, uniqueName, verifyEmailOf } from './helpers.ts'
import { type APIRequestContext, expect, type Page, test } from './test.ts'

interface CatalogTool {
  id: number
  name: string
  slug: string
  website_url: string | null
}

async function api<T = any>(
  request: APIRequestContext,
  origin: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) {
  const response = await request.fetch(path, { method, data, headers: { origin } })
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

/** A popular catalog tool with a website of its own (not a code host shared by many tools). */
async function vendorTool(page: Page): Promise<CatalogTool> {
  const origin = new URL(page.url()).origin
  const { tools } = await api<{ tools: CatalogTool[] }>(
    page.request,
    origin,
    'GET',
    '/api/v1/services/popular_services',
  )
  const tool = tools.find(
    (candidate) => candidate.website_url && !/github\.com|gitlab\.com|npmjs|pypi/.test(candidate.website_url),
  )
  expect(tool, 'a popular tool with a website').toBeTruthy()
  return tool!
}

const row = (page: Page, text: string) => page.getByTestId('customer-row').filter({ hasText: text })

test('company customers: add, search, alerts, copy, send, edit, Added, and the tool page', async ({
  page,
  playwright,
}) => {
  await page.goto('/')
  await signUp(page, uniqueName('vendor'))
  const origin = new URL(page.url()).origin
  const tool = await vendorTool(page)
  const vendorName = uniqueName('Vendor ')
  const vendor = await api<{ id: number; slug: string }>(page.request, origin, 'POST', '/api/v1/companies/create', {
    company: {
      name: vendorName,
      website_url: tool.website_url,
      description: 'We make the tool',
      email_address: 'team@example.test',
    },
  })

  // The customer: another person with a company on its own domain (their own cookie jar).
  const customerSide = await playwright.request.newContext({ baseURL: origin })
  const customerUser = uniqueName('cust')
  await api(customerSide, origin, 'POST', '/api/auth/sign-up/email', {
    name: `Customer ${customerUser}`,
    username: customerUser,
    email: `${customerUser}@example.test`,
    password: 'correct-horse-battery',
  })
  await verifyEmailOf(customerSide, `${customerUser}@example.test`, origin)
  const customerName = uniqueName('Umbrella ')
  const customerDomain = `${customerName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`
  const customerCompany = await api<{ id: number; slug: string }>(
    customerSide,
    origin,
    'POST',
    '/api/v1/companies/create',
    {
      company: {
        name: customerName,
        website_url: `https://www.${customerDomain}`,
        description: 'We buy tools',
        email_address: `it@${customerDomain}`,
      },
    },
  )

  // From the company page, its admin reaches the customers screen.
  await page.goto(`/companies/${vendor.slug}`)
  await page.getByRole('link', { name: 'Customers' }).click()
  await expect(page).toHaveURL(new RegExp(`/companies/${vendor.slug}/customers$`))
  await expect(page.getByRole('heading', { name: `${vendorName}'s customers` })).toBeVisible()
  await expect(page.getByText(NO_EMAIL_NOTE)).toBeVisible()
  await expect(page.getByText('No customers yet')).toBeVisible()
  const submit = page.getByRole('button', { name: SUBMIT_IDLE })
  await expect(submit).toBeDisabled()
  await screenshot(page, 'customers-empty')
  await expectNoA11yViolations(page)

  // A new company name and a full address.
  await page.getByLabel('Tool', { exact: true }).selectOption({ label: tool.name })
  await page.getByLabel("Customer's company").fill('Brand New Co')
  await expect(page.getByText('"Brand New Co" will be added as a new company name.')).toBeVisible()
  await page.getByLabel("Customer's email address").fill('cto@brandnew')
  await expect(submit).toBeDisabled()
  await page.getByLabel("Customer's email address").fill('cto@brandnew.example')
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(row(page, 'Brand New Co')).toContainText('Customer Not Listed')
  await expect(row(page, 'Brand New Co')).toContainText('Not listed')
  await expect(page.getByLabel("Customer's company")).toHaveValue('')

  // An existing company from the search: the domain is prefilled, only the name before it is typed.
  await page.getByLabel("Customer's company").fill(customerName.slice(0, 12))
  await page.getByRole('button', { name: new RegExp(customerName) }).click()
  await expect(page.getByText(DOMAIN_HINT)).toBeVisible()
  await expect(page.getByText(`@${customerDomain}`)).toBeVisible()
  await page.getByLabel("Customer's email address").fill('ops')
  await screenshot(page, 'customers-existing-company')
  await submit.click()
  await expect(row(page, customerName)).toContainText(`ops@${customerDomain}`)
  // newest first
  await expect(page.getByTestId('customer-row').first()).toContainText(customerName)

  // The same address again: the duplicate alert, and the button is idle again.
  await page.getByLabel("Customer's company").fill('Another Co')
  await page.getByLabel("Customer's email address").fill('CTO@brandnew.example')
  await submit.click()
  await expect(page.getByRole('alert').filter({ hasText: DUPLICATE_EMAIL_ALERT })).toBeVisible()
  await expect(submit).toBeEnabled()
  await screenshot(page, 'customers-duplicate-alert')

  // Copy Email: the invitation text; the status becomes Email Copied (pending). Acting in the table retires the
  // form's old alert: no stale error beside a later message.
  await row(page, 'Brand New Co').getByRole('button', { name: 'Copy Email' }).click()
  await expect(page.getByRole('alert').filter({ hasText: DUPLICATE_EMAIL_ALERT })).toHaveCount(0)
  const copyDialog = page.getByRole('dialog', { name: COPY_MODAL_TITLE })
  await expect(copyDialog.getByLabel('Invitation text')).toHaveValue(/lists Brand New Co as a customer of/)
  await screenshot(page, 'customers-copy-dialog')
  await expectNoA11yViolations(page)
  await page.keyboard.press('Escape')
  await expect(copyDialog).toBeHidden()
  await expect(row(page, 'Brand New Co')).toContainText('Email Copied')
  await expect(row(page, 'Brand New Co')).toContainText('Pending')

  // Send Email: the success alert, then only Copy Email remains.
  await row(page, 'Brand New Co').getByRole('button', { name: 'Send Email' }).click()
  await expect(page.getByText(SEND_SUCCESS_ALERT)).toBeVisible()
  await expect(page.getByText(DUPLICATE_EMAIL_ALERT)).toHaveCount(0)
  await screenshot(page, 'customers-sent')
  const desktop = page.viewportSize()!
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'customers-sent-390')
  await page.setViewportSize(desktop)
  await expect(row(page, 'Brand New Co')).toContainText('Email Sent')
  await expect(row(page, 'Brand New Co').getByRole('button', { name: 'Send Email' })).toHaveCount(0)
  await expect(row(page, 'Brand New Co').getByRole('button', { name: 'Copy Email' })).toBeVisible()

  // Add Email: a new address clears sent_at, so Send Email is back.
  await row(page, 'Brand New Co').getByRole('button', { name: 'Add Email' }).click()
  const editDialog = page.getByRole('dialog', { name: EDIT_MODAL_TITLE })
  await editDialog.getByLabel('Email address').fill('ceo@brandnew.example')
  await screenshot(page, 'customers-edit-dialog')
  await editDialog.getByRole('button', { name: 'Save' }).click()
  await expect(editDialog).toBeHidden()
  await expect(row(page, 'Brand New Co')).toContainText('ceo@brandnew.example')
  await expect(row(page, 'Brand New Co')).toContainText('Customer Not Listed')
  await expect(row(page, 'Brand New Co').getByRole('button', { name: 'Send Email' })).toBeVisible()

  // The customer lists the tool in its own stack: Added (listed), nothing left to send.
  await api(customerSide, origin, 'POST', '/api/v1/stacks/create', {
    stack: { name: 'Production', services: [tool.id], owner: { type: 'Company', id: customerCompany.id } },
  })
  await page.reload()
  await expect(row(page, customerName)).toContainText('Added')
  await expect(row(page, customerName)).toContainText('Listed')
  await expect(row(page, customerName).getByRole('button', { name: 'Add Email' })).toHaveCount(0)
  await expect(row(page, customerName).getByRole('button', { name: 'Send Email' })).toHaveCount(0)
  await screenshot(page, 'customers-table')

  // Adding it again: it already lists the tool.
  await page.getByLabel('Tool', { exact: true }).selectOption({ label: tool.name })
  await page.getByLabel("Customer's company").fill(customerName)
  await page.getByRole('button', { name: new RegExp(customerName) }).click()
  await page.getByLabel("Customer's email address").fill('cfo')
  await submit.click()
  await expect(page.getByRole('alert').filter({ hasText: ALREADY_HAS_SERVICE_ALERT })).toBeVisible()

  // The tool's page shows its customers as companies using it.
  await page.goto(`/tools/${tool.slug}`)
  const section = page.getByRole('region', { name: `Companies using ${tool.name}` })
  await expect(section.getByRole('link', { name: customerName })).toBeVisible()
  await expect(section.getByText('Brand New Co')).toBeVisible()
  await section.scrollIntoViewIfNeeded()
  await screenshot(page, 'customers-tool-page')

  // Someone who is not the company's admin gets the 403 page with the reason (e2e/company-admin-pages.spec.ts too).
  const stranger = await page.context().browser()!.newContext()
  const strangerPage = await stranger.newPage()
  await strangerPage.goto('/')
  await signUp(strangerPage, uniqueName('stranger'))
  await strangerPage.goto(`/companies/${vendor.slug}/customers`)
  await expect(strangerPage.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible()
  await expect(strangerPage.getByText("Only the company's admins can manage its customers.")).toBeVisible()
  await stranger.close()
  await customerSide.dispose()
})
