// Settings: a signed-out visitor is asked to sign in and lands on the page; name, username, the newsletter, e-mail
// (with the current password) and password change; server field errors show on their inputs. Profile settings edit
// what onboarding asked (photo, first and last name, company, job title), and the profile header follows.

import sharp from 'sharp'
import { expectNoA11yViolations } from './a11y.ts'
import { linkMailedTo, screenshot, signUp, uniqueName, verifyAndContinueInModal, verifyEmailOf } from './helpers.ts'
import { PRIVATE_SITE_TOO } from './private-site.ts'
import { type APIRequestContext, expect, type Page, test } from './test.ts'

/** Another person, signed up beside the browser's session (the request fixture keeps its own cookies). */
async function signUpThroughApi(request: APIRequestContext, origin: string, username: string) {
  const response = await request.post('/api/auth/sign-up/email', {
    data: { name: `Other ${username}`, username, email: `${username}@example.test`, password: 'correct-horse-battery' },
    headers: { origin },
  })
  expect(response.ok()).toBe(true)
  await verifyEmailOf(request, `${username}@example.test`, origin)
}

/** Fills the sign-up form of the open modal. */
async function signUpInOpenModal(page: Page, username: string) {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Create an account' }).click()
  await dialog.getByLabel('Name', { exact: true }).fill(`Test ${username}`)
  await dialog.getByLabel('Username', { exact: true }).fill(username)
  await dialog.getByLabel('Email', { exact: true }).fill(`${username}@example.test`)
  await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-battery')
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await verifyAndContinueInModal(page, username)
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  return { email: `${username}@example.test`, password: 'correct-horse-battery' }
}

test('settings: sign in first, change name and username, see a taken username, change e-mail and password', async ({
  page,
  browser,
  request,
}) => {
  await page.goto('/settings')
  // Signed out: the sign-in modal opens over a prompt, and the page follows once signed in.
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Sign in to change your settings.')).toBeVisible()
  await screenshot(page, 'accounts/settings-signed-out')
  const username = uniqueName('settings')
  const { email, password } = await signUpInOpenModal(page, username)
  await expect(page).toHaveURL(/\/settings\/profile$/)
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible()
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(username)
  await screenshot(page, 'accounts/settings-profile')
  await expectNoA11yViolations(page)

  // Name and username
  const renamed = uniqueName('renamed')
  await page.getByLabel('Name', { exact: true }).fill('Renamed Person')
  await page.getByLabel('Username', { exact: true }).fill(renamed)
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Your profile was saved.')).toBeVisible()
  await page.getByRole('button', { name: 'Account menu' }).click()
  const menu = page.getByRole('menu')
  await expect(menu.getByText('Renamed Person')).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', `/${renamed}`)
  await page.keyboard.press('Escape')
  await screenshot(page, 'accounts/settings-profile-saved')

  // A username someone else has: the server's field error on the input
  const taken = uniqueName('taken')
  await signUpThroughApi(request, new URL(page.url()).origin, taken)
  await page.getByLabel('Username', { exact: true }).fill(taken)
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Username is already taken.')).toBeVisible()
  await expect(page.getByLabel('Username', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await screenshot(page, 'accounts/settings-profile-taken')
  await expectNoA11yViolations(page)

  // The weekly newsletter of onboarding ('You can update this information later')
  await page.getByLabel('Username', { exact: true }).fill(renamed)
  const newsletter = page.getByRole('checkbox', { name: 'Yup, Subscribe me' })
  await expect(newsletter).toBeChecked()
  await newsletter.uncheck()
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Your profile was saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Yup, Subscribe me' })).not.toBeChecked()
  await screenshot(page, 'accounts/settings-profile-newsletter')

  // E-mail (the avatar menu's Email Settings)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Email Settings' }).click()
  await expect(page).toHaveURL(/\/settings\/email$/)
  await expect(page.getByText(`You sign in with ${email}.`)).toBeVisible()
  const newEmail = `${renamed}@example.test`
  await page.getByLabel('New email address').fill('not-an-email')
  await page.getByRole('button', { name: 'Change email' }).click()
  await expect(page.getByText('Email is invalid.')).toBeVisible()
  // The current password confirms the change: missing, then wrong, then right
  await page.getByLabel('New email address').fill(newEmail)
  await page.getByRole('button', { name: 'Change email' }).click()
  await expect(page.getByText("Current password can't be blank.")).toBeVisible()
  await page.getByLabel('Current password').fill('not-my-password')
  await page.getByRole('button', { name: 'Change email' }).click()
  await expect(page.getByText('Current password is incorrect.')).toBeVisible()
  await expect(page.getByText(`You sign in with ${email}.`)).toBeVisible()
  await screenshot(page, 'accounts/settings-email-wrong-password')
  await expectNoA11yViolations(page)
  await page.getByLabel('Current password').fill(password)
  await page.getByRole('button', { name: 'Change email' }).click()
  // decision 052: the new address replaces the old one once the link mailed to it is opened
  await expect(page.getByText(`We sent a link to ${newEmail}: your address changes when you open it.`)).toBeVisible()
  await expect(page.getByText('Your other sessions were signed out')).toBeVisible()
  await expect(page.getByText(`You sign in with ${email}.`)).toBeVisible()
  await expect(page.getByText(`It becomes ${newEmail} when you open the link we sent there.`)).toBeVisible()
  await screenshot(page, 'accounts/settings-email')
  await expectNoA11yViolations(page)
  await page.goto(`/verify-email?token=${await linkMailedTo(newEmail)}`)
  await page.getByRole('button', { name: 'Verify my address' }).click()
  await expect(page.getByText(`Done: ${newEmail} is now your e-mail address.`)).toBeVisible()
  expect(await linkMailedTo(email, /was changed to (\S+):/)).toBe(newEmail)
  await page.goto('/settings/email')
  await expect(page.getByText(`You sign in with ${newEmail}.`)).toBeVisible()

  // Password: the wrong current password is refused on its input, then the change works
  await page.getByRole('link', { name: 'Password' }).click()
  // the e-mail form has a 'Current password' too: wait until the password page has replaced it (its code loads
  // on the click)
  await expect(page).toHaveURL(/\/settings\/password$/)
  await expect(page.getByRole('heading', { name: 'Password', level: 2 })).toBeVisible()
  await page.getByLabel('Current password').fill('wrong-password')
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password')
  await page.getByLabel('Confirm new password').fill('a-brand-new-password')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Current password is incorrect.')).toBeVisible()
  await screenshot(page, 'accounts/settings-password-wrong')
  await expectNoA11yViolations(page)
  await page.getByLabel('Current password').fill(password)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your password was changed. Your other sessions were signed out.')).toBeVisible()
  await expect(page.getByLabel('Current password')).toHaveValue('')
  await screenshot(page, 'accounts/settings-password-changed')

  // Sign out, and sign in with the new e-mail and password
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  await page.goto('/settings/password')
  await dialog.getByLabel('Email', { exact: true }).fill(newEmail)
  await dialog.getByLabel('Password', { exact: true }).fill('a-brand-new-password')
  await dialog.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Password', exact: true })).toBeVisible()

  // The settings on a phone
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } })
  await phoneContext.addCookies(await page.context().cookies())
  const phone = await phoneContext.newPage()
  await phone.goto('/settings/profile')
  await expect(phone.getByLabel('Username', { exact: true })).toHaveValue(renamed)
  await screenshot(phone, 'accounts/settings-profile-mobile')
  await expectNoA11yViolations(phone)
  await phoneContext.close()
})

test(
  "profile settings edit onboarding's basic information: photo, names, company, job title; the header follows",
  PRIVATE_SITE_TOO,
  async ({ page }) => {
    await page.goto('/')
    const { username } = await signUp(page)
    const origin = new URL(page.url()).origin
    // A company for the suggestions (any public company is suggested)
    const companyName = uniqueName('Quokka Settings ')
    const created = await page.request.post('/api/v1/companies/create', {
      headers: { origin },
      data: {
        company: {
          name: companyName,
          website_url: `${companyName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
          description: 'A company for the settings suggestions',
          email_address: 'team@example.test',
        },
      },
    })
    expect(created.ok(), await created.text()).toBe(true)

    // The profile page first, so the header is in the page's cache when settings save
    await page.goto(`/${username}`)
    await expect(page.getByRole('heading', { level: 1, name: `Test ${username}` })).toBeVisible()
    await page.getByRole('link', { name: 'Edit profile' }).click()
    await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible()
    for (const label of ['First name', 'Last name', 'Job title'])
      await expect(page.getByLabel(label, { exact: true })).toHaveValue('')
    await expect(page.getByRole('button', { name: 'Save profile' })).toBeDisabled()

    // The photo: onboarding's widget, a PNG cut to a square
    const wide = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#1d8f6a' } })
      .png()
      .toBuffer()
    await page.getByLabel('Add your selfie').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: wide })
    const crop = page.getByRole('dialog', { name: 'Crop your photo' })
    await crop.getByRole('button', { name: 'Use photo' }).click()
    await expect(crop).toHaveCount(0)
    const photo = page.getByRole('img', { name: 'You' })
    await expect(photo).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.png$/)
    const photoUrl = (await photo.getAttribute('src'))!

    // Names, and the company picked from the suggestions with the keyboard
    await page.getByLabel('First name', { exact: true }).fill('Grace')
    await page.getByLabel('Last name', { exact: true }).fill('Hopper')
    const company = page.getByRole('combobox', { name: 'Company' })
    await company.fill(companyName.slice(0, 12))
    await expect(
      page.getByRole('listbox', { name: 'Company suggestions' }).getByRole('option', { name: companyName }),
    ).toBeVisible()
    await company.press('ArrowDown')
    await company.press('Enter')
    await expect(company).toHaveValue(companyName)
    await page.getByLabel('Job title', { exact: true }).fill('Rear Admiral')

    // Refusals show on their inputs: a blank name in the form, onboarding's 30-character limit from the server
    const name = page.getByLabel('Name', { exact: true })
    await name.fill('')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect(page.getByText("Name can't be blank.")).toBeVisible()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await name.fill('Grace Hopper')
    const firstName = page.getByLabel('First name', { exact: true })
    await firstName.evaluate((input) => input.removeAttribute('maxlength'))
    await firstName.fill('G'.repeat(31))
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect(page.getByText('First name is too long (maximum is 30 characters).')).toBeVisible()
    await expect(firstName).toHaveAttribute('aria-invalid', 'true')
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshot(page, 'accounts/settings-profile-basic-information-error')
    await expectNoA11yViolations(page)

    await firstName.fill('Grace')
    await expect(page.getByText('First name is too long (maximum is 30 characters).')).toHaveCount(0)
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect(page.getByText('Your profile was saved.')).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshot(page, 'accounts/settings-profile-basic-information')
    await expectNoA11yViolations(page)

    // The profile header follows without a reload; the navbar's avatar shows the photo
    await page.getByRole('link', { name: 'View profile' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible()
    await expect(page.getByRole('main').locator(`img[src="${photoUrl}"]`)).toBeVisible()
    await expect(page.getByRole('banner').locator(`img[src="${photoUrl}"]`)).toBeVisible()

    // The saved values on a fresh load, and in onboarding (one record)
    await page.goto('/settings/profile')
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Grace')
    await expect(page.getByLabel('Last name', { exact: true })).toHaveValue('Hopper')
    await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue(companyName)
    await expect(page.getByLabel('Job title', { exact: true })).toHaveValue('Rear Admiral')
    await expect(page.getByRole('img', { name: 'You' })).toHaveAttribute('src', photoUrl)
    await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible()
    const info = await (await page.request.get('/api/v1/onboarding')).json()
    expect(info).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      company_name: companyName,
      user_img: photoUrl,
    })
  },
)

test('the profile page shows the person, and says so when they have no stacks', async ({ page }) => {
  await page.goto('/no-such-person-here')
  await expect(page.getByRole('heading', { name: "Sorry, we couldn't find that page :(" })).toBeVisible()
  const { username } = await signUp(page)
  await page.goto(`/${username}`)
  await expect(page.getByRole('heading', { name: `Test ${username}` })).toBeVisible()
  await expect(page.getByText(`@${username}`, { exact: true })).toBeVisible()
  await expect(page.getByText(/^Joined /)).toBeVisible()
  await expect(page.getByText('No stacks yet')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/settings/profile')
  await screenshot(page, 'accounts/profile-empty')
  await expectNoA11yViolations(page)
})
