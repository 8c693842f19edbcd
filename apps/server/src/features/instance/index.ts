/**
 * What other areas use of the instance area (health, email, UI config, maintenance, banners): the emails and their
 * sender, the Prometheus counters, and what each user did with the admin UI's prompts. Other areas import it only through this file (lint: switchyard/area-imports).
 */
export {
  resetEmail,
  reviewRequestedEmail,
  scheduleProblemEmail,
  welcomeEmail,
} from './email/email-messages.ts';
export { createEmailSender, type EmailSender } from './email/email-sender.ts';
export { createUserPromptStore } from './ui-config/user-prompt-store.ts';
export {
  addCounters,
  countFlagUsage,
  countSdkVersion,
  fastPathCounter,
  processMetrics,
  type Counters,
  type ProcessMetrics,
} from './health/process-counters.ts';
