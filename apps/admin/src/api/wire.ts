/**
 * Names for the wire shapes the UI reads, every one derived from the generated `schema.d.ts` (from the server's
 * openapi.json): no shape is written by hand here, so the UI cannot drift from what the server sends.
 */
import type { components, operations } from './schema';

type Schemas = components['schemas'];
type Scalar = string | number | boolean;
/** What an operation the server has not published yet takes and answers: anything, until it lands in schema.d.ts. */
type Unpublished = {
  parameters: { path?: Record<string, Scalar>; query?: Record<string, Scalar | Scalar[] | undefined> };
  requestBody?: { content: { 'application/json': unknown } };
  responses: { 200: { content: { 'application/json': unknown } } };
};
type Operation<Id extends string> = Id extends keyof operations ? operations[Id] : Unpublished;

type SuccessOf<Responses> = Responses extends { 200: infer Ok }
  ? Ok
  : Responses extends { 201: infer Created }
    ? Created
    : Responses extends { 202: infer Accepted }
      ? Accepted
      : undefined;
/** The JSON body a successful call of a server operation answers with; `undefined` when it answers none (204, 202). */
export type ResponseOf<Id extends string> =
  SuccessOf<Operation<Id>['responses']> extends { content: { 'application/json': infer Body } }
    ? Body
    : undefined;

type BodyOf<Request> = Request extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON body a server operation takes; `never` when it takes none. */
export type RequestOf<Id extends string> = BodyOf<Operation<Id>['requestBody']>;
/** The parameters in a server operation's path; `never` when it has none. */
export type PathOf<Id extends string> = NonNullable<Operation<Id>['parameters']['path']>;
/** The query parameters a server operation reads; `never` when it reads none. */
export type QueryOf<Id extends string> = NonNullable<Operation<Id>['parameters']['query']>;

export type Banner = Schemas['bannerSchema'];
export type BannerVariant = Banner['variant'];
export type ApiToken = Schemas['apiTokenSchema'];
export type Event = Schemas['eventSchema'];
export type EventSearchResult = ResponseOf<'searchEvents'>;
export type FlagType = Schemas['featureTypeSchema'];
export type TagType = Schemas['tagTypeSchema'];
export type Environment = Schemas['environmentSchema'];
export type ServiceAccount = Schemas['serviceAccountSchema'];
export type AccountToken = ServiceAccount['tokens'][number];
export type ContextField = Schemas['contextFieldSchema'];
export type StrategyDefinition = Schemas['strategySchema'];
export type StrategyParameterDefinition = StrategyDefinition['parameters'][number];
export type User = Schemas['userSchema'];
/** The signed-in user and the grant list the UI decides with (see features/session/use-permissions.ts). */
export type Me = ResponseOf<'getMe'>;
export type HourlyCount = ResponseOf<'getRawFeatureMetrics'>['data'][number];
export type ApplicationDetails = ResponseOf<'getApplication'>;
export type InviteLink = ResponseOf<'createPublicSignupToken'>;
export type Application = ResponseOf<'getApplications'>['applications'][number];
export type ApplicationInstance = ApplicationDetails['instances'][number];
export type Project = Schemas['projectSchema'];
export type ProjectOverview = ResponseOf<'getProjectOverview'>;
export type FlagSearchResult = ResponseOf<'searchFeatures'>;
export type FlagSearchItem = FlagSearchResult['features'][number];
export type Flag = ResponseOf<'getFeature'>;
export type FlagEnvironment = Flag['environments'][number];
export type Strategy = FlagEnvironment['strategies'][number];
/** A strategy in the editor: the fields the server assigns on save are absent until then. */
export type StrategyDraft = Omit<Strategy, 'id' | 'featureName' | 'sortOrder'> &
  Partial<Pick<Strategy, 'id' | 'featureName' | 'sortOrder'>>;
/** A constraint as the server answers it: `operator` stays a string (stored rows predate the operator list); narrow it with `isOperator`. */
export type Constraint = Strategy['constraints'][number];
/** A constraint as the server takes it: only the operators it knows. */
export type ConstraintBody = NonNullable<RequestOf<'addFeatureStrategy'>['constraints']>[number];
export type Variant = Flag['variants'][number];
export type Payload = NonNullable<Variant['payload']>;
export type PayloadType = Payload['type'];
export type Dependency = Flag['dependencies'][number];
export type DependencyBody = RequestOf<'addFeatureDependency'>;
export type Tag = Flag['tags'][number];
export type Segment = Schemas['adminSegmentSchema'];
export type ReleaseTemplate = Schemas['releasePlanTemplateSchema'];
export type Milestone = Schemas['releasePlanMilestoneSchema'];
export type MilestoneStrategy = Schemas['releasePlanMilestoneStrategySchema'];
export type ReleaseTemplateBody = RequestOf<'createReleaseTemplate'>;
export type MilestoneBody = NonNullable<ReleaseTemplateBody['milestones']>[number];
export type ReleasePlan = Schemas['releasePlanSchema'];
export type PlanMilestone = ReleasePlan['milestones'][number];
export type ImpactMetricsMetadata = ResponseOf<'getImpactMetricsMetadata'>;
export type ImpactMetricQuery = QueryOf<'getImpactMetrics'>;
export type ImpactMetricData = ResponseOf<'getImpactMetrics'>;
export type SavedImpactMetricChart = Schemas['impactMetricsConfigSchema'];
