/**
 * What other areas use of the instance area (health, email, UI config, maintenance, banners): the emails and their
 * sender, and the Prometheus counters. Other areas import it only through this file (lint: switchyard/area-imports).
 */
export {
  resetEmail,
  reviewRequestedEmail,
  scheduleProblemEmail,
  welcomeEmail,
} from './email/email-messages.ts';
export { createEmailSender, type EmailSender } from './email/email-sender.ts';
export {
  addCounters,
  countFlagUsage,
  countSdkVersion,
  fastPathCounter,
  processMetrics,
  type Counters,
  type ProcessMetrics,
} from './health/process-counters.ts';
