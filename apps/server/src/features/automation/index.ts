/**
 * What other areas use of automation (actions, signals and integrations): the outbound-address guard, so any request
 * Switchyard sends to an address a person typed meets the same policy. Other areas import automation only through this
 * file (lint: switchyard/area-imports).
 */
export { type OutboundPolicy, urlProblem } from './integrations/outbound-guard.ts';
export { readOutbound, type OutboundRead } from './integrations/outbound-request.ts';
