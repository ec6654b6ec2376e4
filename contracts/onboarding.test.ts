import { describe, expect, it } from 'vitest'
import { ONBOARDING_NUMBERED_STEPS, ONBOARDING_OPTIONAL_STEPS, ONBOARDING_WALK } from './onboarding.ts'

describe('the onboarding step picker (spec 001 §2)', () => {
  it('numbers only the steps the wizard walks, in their order', () => {
    expect(ONBOARDING_NUMBERED_STEPS).toEqual(['basic-information', 'build-your-stack'])
    for (const step of ONBOARDING_NUMBERED_STEPS) expect(ONBOARDING_WALK).toContain(step)
  })

  it('lists areas-of-interest, never walked, as optional and unnumbered', () => {
    expect(ONBOARDING_OPTIONAL_STEPS).toEqual(['areas-of-interest'])
    expect(ONBOARDING_NUMBERED_STEPS as readonly string[]).not.toContain('areas-of-interest')
  })
})
