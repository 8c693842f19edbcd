/** Change-request wire shapes: aliases of the types generated from the server's openapi.json, never copies. */
import type { components } from '../../api/schema';
import type { RequestOf, ResponseOf } from '../../api/wire.ts';

/** One request with its changes, reviews, comments and schedule (GET P/change-requests/{id}). */
export type ChangeRequest = components['schemas']['changeRequestSchema'];
/** A request as lists show it (GET P/change-requests, P/change-requests/pending): no state timestamps. */
export type ChangeRequestListItem = ResponseOf<'getChangeRequestsForProject'>[number];
export type ChangeRequestState = ChangeRequest['state'];
export type Change = ChangeRequest['features'][number]['changes'][number];
export type ChangeRequestEnvironmentConfig = ResponseOf<'getProjectChangeRequestConfig'>[number];
export type Notification = ResponseOf<'getNotifications'>[number];

/** One change as sent to P/environments/{environment}/change-requests: one item of its body. */
export type ChangeInput = Exclude<RequestOf<'changeRequest'>, unknown[]>;
