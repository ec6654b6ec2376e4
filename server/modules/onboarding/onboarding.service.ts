// The onboarding's rules: what the wizard starts from, and what the basic-information step changes.
import type { z } from 'zod'
import type { BasicInformation } from '#contracts/onboarding.ts'
import type { Db } from '../../db/client.ts'
import { notFound } from '../../http/errors.ts'
import { presentOnboardingInfo } from './onboarding.presenter.ts'
import {
  findGithubLogin,
  findOnboardingUser,
  listGithubProfileTools,
  updateBasicInformation,
} from './onboarding.queries.ts'

/** spec §3: the user info supplied at startup, with the tools found on the user's public GitHub profile. */
export async function loadOnboardingInfo(db: Db, userId: number) {
  const user = await findOnboardingUser(db, userId)
  if (!user) throw notFound()
  // Only a known GitHub profile is looked at (docs/decisions/013-onboarding-github-tools.md).
  const login = await findGithubLogin(db, user)
  const profileTools = login ? await listGithubProfileTools(db, login) : []
  return presentOnboardingInfo(user, profileTools, login)
}

/**
 * The basic-information answers as the user's columns: blank fields clear, a field left out stays as it is, and the
 * photo changes only when one was uploaded. The onboarding step and profile settings (users.service.ts) both save
 * through it.
 */
export function basicInformationColumns(input: Partial<z.output<typeof BasicInformation>>) {
  return {
    firstName: input.first_name,
    lastName: input.last_name,
    companyName: input.company_name,
    title: input.title,
    weeklyDigestSubscribed: input.weekly_digest_subscribed,
    ...(input.picture ? { image: input.picture } : {}),
  }
}

/** Saves the basic-information step; the display name follows the first and last name when either is given. */
export async function submitBasicInformation(db: Db, userId: number, input: z.output<typeof BasicInformation>) {
  const name = [input.first_name, input.last_name].filter(Boolean).join(' ')
  const saved = await updateBasicInformation(db, userId, {
    ...basicInformationColumns(input),
    ...(name ? { name } : {}),
  })
  return {
    first_name: saved.firstName,
    last_name: saved.lastName,
    company_name: saved.companyName,
    title: saved.title,
    picture: saved.image,
    weekly_digest_subscribed: saved.weeklyDigestSubscribed,
  }
}
