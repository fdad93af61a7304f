import type { ComponentType } from 'react';
import { ProfilePage } from './features/profile/profile-page';
import { EmailVerificationPage } from './features/email-verification/email-verification-page';

/** The pages this remote gives the shell, keyed by the page ids of the shell's route table. */
export const pages: Record<string, ComponentType> = {
  profile: ProfilePage,
  'email-verification': EmailVerificationPage,
};
