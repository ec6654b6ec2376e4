// Accessibility check for the screens a journey visits: no axe violations (WCAG 2.x A and AA rules).
import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(', ')})`,
  )
  expect(summary, 'axe violations').toEqual([])
}
