/** Change-request wire shapes: aliases of the types generated from the server's openapi.json, never copies. */
import type { components, operations } from '../../api/schema';

type Json<T extends { responses: { 200: { content: { 'application/json': unknown } } } }> =
  T['responses'][200]['content']['application/json'];

/** One request with its changes, reviews, comments and schedule (GET P/change-requests/{id}). */
export type ChangeRequest = components['schemas']['changeRequestSchema'];
/** A request as lists show it (GET P/change-requests, P/change-requests/pending): no state timestamps. */
export type ChangeRequestListItem = Json<operations['getChangeRequestsForProject']>[number];
export type ChangeRequestState = ChangeRequest['state'];
export type Change = ChangeRequest['features'][number]['changes'][number];
export type ChangeRequestEnvironmentConfig = Json<operations['getProjectChangeRequestConfig']>[number];
export type Notification = Json<operations['getNotifications']>[number];

/** One change as sent to P/environments/{environment}/change-requests: one item of its body. */
type ChangesBody = NonNullable<operations['changeRequest']['requestBody']>['content']['application/json'];
export type ChangeInput = ChangesBody extends (infer Item)[] ? Item : ChangesBody;
