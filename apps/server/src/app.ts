import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { corsDelegator } from './http/cors.ts';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { Keyring } from './db/sealed-secrets.ts';
import { createAccessReadModel } from './features/governance/access/access-read-model.ts';
import { accessRoutes } from './features/governance/access/access-routes.ts';
import { roleRoutes } from './features/governance/access/role-routes.ts';
import { groupRoutes } from './features/identity/groups/group-routes.ts';
import { changeRequestConfigRoutes } from './features/governance/change-requests/change-request-config-routes.ts';
import { changeRequestPlaygroundRoutes } from './features/governance/change-requests/change-request-playground-routes.ts';
import { changeRequestReadRoutes } from './features/governance/change-requests/change-request-read-routes.ts';
import { createChangeRequestMailer } from './features/governance/change-requests/change-request-mail.ts';
import { changeRequestRoutes } from './features/governance/change-requests/change-request-routes.ts';
import { flagRestoreRoutes } from './features/governance/flag-restore/flag-restore-routes.ts';
import { createChangeRequestScheduler } from './features/governance/change-requests/change-request-scheduler.ts';
import { createStaleWatcher } from './features/flag-model/flags/stale-watcher.ts';
import { createTokenExpiryWatcher } from './features/governance/notifications/token-expiry-watcher.ts';
import { instanceAdminRoutes } from './features/instance/instance-admin/instance-admin-routes.ts';
import { notificationRoutes } from './features/governance/notifications/notification-routes.ts';
import { projectAccessRoutes } from './features/governance/project-access/project-access-routes.ts';
import { accessRequestRoutes } from './features/governance/access-requests/access-request-routes.ts';
import { apiTokenRoutes } from './features/identity/api-tokens/api-token-routes.ts';
import { archiveRoutes } from './features/flag-model/archive/archive-routes.ts';
import { codeReferenceRoutes } from './features/flag-model/code-references/code-reference-routes.ts';
import { addonRoutes } from './features/automation/integrations/addon-routes.ts';
import { createAddonDeliveryWorker } from './features/automation/integrations/addon-delivery-worker.ts';
import { actionSetRoutes } from './features/automation/actions/action-set-routes.ts';
import { createSignalProcessor } from './features/automation/actions/signal-processor.ts';
import { signalRoutes } from './features/automation/signals/signal-routes.ts';
import { bannerRoutes } from './features/instance/banners/banner-routes.ts';
import { releasePlanRoutes } from './features/release/release-plans/release-plan-routes.ts';
import { releaseTemplateRoutes } from './features/release/release-templates/release-template-routes.ts';
import { dependencyRoutes } from './features/flag-model/dependencies/dependency-routes.ts';
import { flagTagRoutes } from './features/flag-model/flag-tags/flag-tag-routes.ts';
import { flagTransferRoutes } from './features/flag-model/flag-transfer/flag-transfer-routes.ts';
import { flagManagementRoutes } from './features/flag-model/flags/index.ts';
import { searchRoutes } from './features/flag-model/search/search-routes.ts';
import { inviteLinkRoutes } from './features/identity/invite-links/invite-link-routes.ts';
import { maintenanceGuard } from './features/instance/maintenance/maintenance-guard.ts';
import { maintenanceRoutes } from './features/instance/maintenance/maintenance-routes.ts';
import { backupRoutes } from './features/instance/backup/backup-routes.ts';
import { samlRoutes } from './features/identity/sso/saml-routes.ts';
import { scimRoutes } from './features/identity/scim/scim-routes.ts';
import { scimSettingsRoutes } from './features/identity/scim/scim-settings-routes.ts';
import { profileRoutes } from './features/identity/profile/profile-routes.ts';
import { sessionRoutes } from './features/identity/sessions/session-routes.ts';
import { ssoRoutes } from './features/identity/sso/sso-routes.ts';
import { ssoSettingsRoutes } from './features/identity/sso/sso-settings-routes.ts';
import { createEmailSender } from './features/instance/email/email-sender.ts';
import { createPasswordResetService } from './features/identity/password-reset/password-reset-service.ts';
import { passwordResetRoutes } from './features/identity/password-reset/password-reset-routes.ts';
import { licenseRoutes } from './features/instance/license/license-routes.ts';
import { uiConfigRoutes } from './features/instance/ui-config/ui-config-routes.ts';
import { createFrontendOrigins } from './features/instance/ui-config/frontend-origins.ts';
import { uiErrorRoutes } from './features/instance/ui-config/ui-error-routes.ts';
import { userPromptRoutes } from './features/instance/ui-config/user-prompt-routes.ts';
import { createLoginEventStore } from './features/identity/login-history/login-event-store.ts';
import { createLoginRecorder } from './features/identity/login-history/login-recorder.ts';
import { loginHistoryRoutes } from './features/identity/login-history/login-history-routes.ts';
import { serviceAccountRoutes } from './features/identity/service-accounts/service-account-routes.ts';
import {
  createClientFastPath,
  type ClientFastPath,
} from './features/sdk-serving/client-api/client-fast-path.ts';
import { clientRoutes } from './features/sdk-serving/client-api/client-routes.ts';
import {
  createClientStateCache,
  type CacheChange,
} from './features/sdk-serving/client-api/client-state-cache.ts';
import { createClientStreams } from './features/sdk-serving/client-api/client-streams.ts';
import { createClientReportBuffer } from './features/sdk-serving/client-api/client-report-buffer.ts';
import { createClientReportStore } from './features/sdk-serving/client-api/client-report-store.ts';
import { environmentRoutes } from './features/flag-model/environments/environment-routes.ts';
import { eventRoutes } from './features/flag-model/events/event-routes.ts';
import { recordServedHistory } from './features/flag-model/history/history-recorder.ts';
import { historyRoutes } from './features/flag-model/history/history-routes.ts';
import { contextRoutes } from './features/flag-model/context/context-routes.ts';
import { flagTypeRoutes } from './features/flag-model/flag-types/flag-type-routes.ts';
import { segmentRoutes } from './features/flag-model/segments/segment-routes.ts';
import { strategyRoutes } from './features/flag-model/strategies/strategy-routes.ts';
import { tagRoutes } from './features/flag-model/tags/tag-routes.ts';
import { frontendRoutes } from './features/sdk-serving/frontend-api/frontend-routes.ts';
import { legacyRoutes } from './features/legacy/index.ts';
import {
  createImpactMetricService,
  createImpactMetricsMaintenance,
  createReleasePlanScheduler,
  createSafeguardEvaluator,
  impactMetricChartRoutes,
  impactMetricRoutes,
  safeguardRoutes,
} from './features/release/index.ts';
import {
  conversionRoutes,
  createConversionRecorder,
  createExperimentFlusher,
  createExperimentStore,
  createExposureRecorder,
  experimentRoutes,
  impressionRoutes,
  exposureRoutes,
} from './features/experiments/index.ts';
import { applicationRoutes } from './features/sdk-serving/metrics/application-routes.ts';
import { sdkRoutes } from './features/sdk-serving/metrics/sdk-routes.ts';
import { unknownFlagRoutes } from './features/sdk-serving/metrics/unknown-flag-routes.ts';
import { edgeRoutes } from './features/sdk-serving/edge-api/edge-routes.ts';
import { metricsRoutes } from './features/sdk-serving/metrics/metrics-routes.ts';
import { ofrepRoutes } from './features/sdk-serving/ofrep/ofrep-routes.ts';
import { playgroundRoutes } from './features/flag-model/playground/playground-routes.ts';
import { healthRoutes } from './features/instance/health/health-routes.ts';
import type { ProcessMetrics } from './features/instance/health/process-counters.ts';
import { countRequests } from './features/instance/health/prometheus.ts';
import { createHealthRecorder } from './features/flag-model/projects/health-history.ts';
import { personalDashboardRoutes } from './features/flag-model/projects/personal-dashboard-routes.ts';
import { projectInsightRoutes } from './features/flag-model/projects/project-insight-routes.ts';
import { instanceInsightsRoutes } from './features/flag-model/projects/instance-insights-routes.ts';
import { lifecycleTrendsRoutes } from './features/flag-model/projects/lifecycle-trends-routes.ts';
import type { ProjectPorts } from './features/flag-model/projects/project-ports.ts';
import { projectRoutes } from './features/flag-model/projects/project-routes.ts';
import { changeRequestUsesReadModel } from './features/governance/change-requests/change-request-uses-read-model.ts';
import { changeRequestSettingsPort } from './features/governance/change-requests/change-request-settings-store.ts';
import { projectOwnersPort } from './features/governance/project-access/project-access-store.ts';
import { scopedTokensPort } from './features/identity/api-tokens/api-token-service.ts';
import { projectApiTokenRoutes } from './features/identity/api-tokens/project-api-token-routes.ts';
import { authRoutes } from './features/identity/users/auth-routes.ts';
import { createPrincipalResolver } from './features/identity/users/principal-resolver.ts';
import { createSignInMethods } from './features/identity/sso/sign-in-methods.ts';
import { createSsoSettingsService } from './features/identity/sso/sso-settings-service.ts';
import { passwordRoutes } from './features/identity/users/password-routes.ts';
import { userRoutes } from './features/identity/users/user-routes.ts';
import { registerAdminUi } from './http/admin-ui.ts';
import { createBasePathGate, registerBasePathRedirects } from './http/base-path.ts';
import { registerAuth } from './http/auth.ts';
import { drainRefusedBodies } from './http/refused-body.ts';
import { registerCsrfCheck } from './http/csrf.ts';
import { answerClientError, answerFrameworkError } from './http/framework-errors.ts';
import { BadDataError, errorResponseSchema, registerErrorHandler } from './http/errors.ts';
import { registerProjectMentions } from './http/project-mention.ts';
import {
  assertFiniteNumbers,
  assertStorableText,
  findBadText,
  MAY_HOLD_BAD_TEXT,
} from './http/storable-input.ts';
import type { ServingParts } from './cluster/primary.ts';
import { eventsAppendedHere } from './features/flag-model/events/event-store.ts';
import { createSdkHandler, type SdkHandler } from './features/sdk-serving/serving/sdk-handler.ts';
import { IN_PROCESS_ROUTES } from './features/sdk-serving/serving/sdk-routes.ts';
import { createSdkTokenLookup } from './features/sdk-serving/serving/sdk-tokens.ts';
import { createCallers, registerCaller } from './http/caller.ts';
import { registerRequestOrigin } from './http/request-origin.ts';
import { normaliseUrl } from './http/request-path.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { boundIntegers, schemaController } from './http/validation.ts';

export type AppDeps = {
  db: Db;
  config: Config;
  /** Seals and opens the secrets stored in the database (db/sealed-secrets.ts): main.ts loads it at start. */
  secrets: Keyring;
  /** Receives what worker processes are fed from (cluster/primary.ts), when the server runs with workers. */
  shareServing?: (parts: ServingParts) => void;
  /** Awaited before answering a request that recorded an event: the workers catch up (cluster/primary.ts). */
  afterChange?: () => Promise<void>;
  /** The key its workers vouch for the peers of the requests they relay with (http/caller.ts), with workers. */
  relayKey?: string;
  /** The workers' counters and gauges, asked on each Prometheus scrape (cluster/primary.ts), with workers. */
  workerMetrics?: () => Promise<ProcessMetrics[]>;
  /** The process's log (logger.ts); none in tests. */
  logger?: FastifyBaseLogger;
};

/**
 * Builds the whole HTTP application without listening, so tests call `app.inject()`.
 * Every feature is wired here, once, by hand: start reading here.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Filled in below, once the caches it reads exist; the server calls it only after the app is ready.
  const fast: {
    path?: ClientFastPath;
    sdk?: SdkHandler;
    fastify?: (request: IncomingMessage, response: ServerResponse) => void;
  } = {};
  const callers = createCallers({ trustProxy: deps.config.trustProxy, relayKey: deps.relayKey });
  const headers = securityHeaders(deps.config.publicUrl);
  // BASE_URI_PATH comes off the URL before the fast paths and Fastify see it (http/base-path.ts).
  const basePathGate = createBasePathGate(deps.config.basePath, headers);
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    // Thousands of SDKs poll every few seconds: two log lines per request would drown everything else.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(deps.config.logLevel),
    }),
    // Off: registerCaller decides request.ip, protocol and host, from a worker's word where a worker relayed.
    trustProxy: false,
    bodyLimit: 5 * 1024 * 1024,
    schemaController,
    // The router and the auth hook both see this one normalised path (http/request-path.ts).
    rewriteUrl: (request) => normaliseUrl(request.url ?? '/'),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // SDK polls that a prepared payload answers skip Fastify altogether (client-fast-path.ts).
    // So are the Frontend API and OFREP for tokens already seen (features/sdk-serving/serving/sdk-handler.ts).
    serverFactory: (handler) => {
      fast.fastify = handler;
      return createServer((request, response) => {
        if (basePathGate(request, response)) return;
        if (fast.path?.(request, response, handler)) return;
        if (fast.sdk?.handle(request, response)) return;
        handler(request, response);
      });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // First of all hooks: every later one reads the caller it decides.
  registerCaller(app, callers);
  registerRequestOrigin(app);

  // Every API takes JSON; anything else is a 415 rather than a string that fails validation.
  app.removeContentTypeParser('text/plain');
  // An empty body sent as JSON (as some clients do on POSTs without a payload) is no body, not a 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    // A signed request's signature covers the bytes as sent (features/sdk-serving/edge-api/edge-signature.ts).
    if (request.routeOptions.config?.keepRawBody) request.rawBody = text;
    if (text === '') return done(null, undefined);
    if (!MAY_HOLD_BAD_TEXT.test(text)) return parseJson(request, text, done);
    parseJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      const found = findBadText(parsed, '/body');
      if (found)
        return done(new BadDataError(`Request validation failed: ${found.message}`, [found]), undefined);
      done(null, parsed);
    });
  });
  // Path and query parameters arrive percent-decoded, so `%00` is a NUL: refused before any schema or handler.
  app.addHook('preValidation', async (request) => {
    assertStorableText(request.params, '/params');
    assertStorableText(request.query, '/querystring');
  });
  app.addHook('preHandler', async (request) => {
    assertFiniteNumbers(request.params, '/params');
    assertFiniteNumbers(request.query, '/querystring');
  });
  app.addSchema({ $id: 'errorSchema', ...errorResponseSchema });
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    for (const part of ['body', 'querystring', 'params', 'headers']) boundIntegers(schema?.[part]);
  });
  registerErrorHandler(app);
  registerSecurityHeaders(app, headers);
  registerBasePathRedirects(app, deps.config.basePath);
  await app.register(cookie);
  // Stored origins (POST /api/admin/ui-config/cors) win over UNLEASH_FRONTEND_API_ORIGINS (decision record 0013).
  const origins = createFrontendOrigins(deps.db, deps.config.frontendOrigins);
  await app.register(cors, {
    hook: 'onRequest',
    delegator: corsDelegator(() => origins.current(), deps.config.apiCors),
  });
  await registerOpenApi(app);

  const { db, config, secrets } = deps;
  const cache = createClientStateCache(db);
  await cache.start();
  app.addHook('onClose', () => cache.stop());
  const resolver = createPrincipalResolver(db);
  // A change of flags alone (the served feed says so) leaves tokens, users, origins, access and experiments as they were.
  const unlessFlagsOnly = (fn: () => void) => (change: CacheChange) => {
    if (!change.flagsOnly) fn();
  };
  cache.onChange(unlessFlagsOnly(() => resolver.forget()));
  cache.onChange(unlessFlagsOnly(() => origins.forget()));
  const streams = createClientStreams();
  cache.onChange(() => streams.changed());
  // Before the server stops listening: its close waits for every open response, and a stream never ends by itself.
  app.addHook('preClose', async () => streams.endAll());
  fast.path = createClientFastPath({ cache, resolver, headers });
  // Experiments: evaluations report first exposures, apps track events; both are buffered and flushed in batches by
  // every process, the database deduplicates (decision record 0042).
  const exposures = createExposureRecorder({
    db,
    loadRunning: async () =>
      (await createExperimentStore(db).running()).map(({ id, environment, flagName }) => ({
        id,
        environment,
        flagName,
      })),
  });
  const conversions = createConversionRecorder({ db, holdMs: config.experimentFlushIntervalMs });
  const experimentFlusher = createExperimentFlusher({
    db,
    exposures,
    conversions,
    intervalMs: config.experimentFlushIntervalMs,
    onError: (error) => app.log.error({ err: error }, 'experiments: a flush failed'),
    warn: (message) => app.log.warn(message),
  });
  const refreshExperiments = () =>
    exposures.refresh().catch((error) => app.log.error({ err: error }, 'experiments: reading failed'));
  cache.onChange(unlessFlagsOnly(() => void refreshExperiments()));
  app.decorate('experiments', experimentFlusher);
  const credentialListeners = new Set<() => void>();
  const lookUpTokens = createSdkTokenLookup(db);
  fast.sdk = createSdkHandler({
    serving: cache.serving,
    keyFor: async (token) => {
      if (token.environment === '*') return undefined;
      // A state that cannot be read is Fastify's to answer, in the one error format.
      return cache.state(token.environment).then(
        () => token.environment,
        () => undefined,
      );
    },
    lookUpTokens,
    routes: IN_PROCESS_ROUTES,
    unserved: (request, response) => fast.fastify!(request, response),
    securityHeaders: headers,
    apiCors: config.apiCors,
    frontendOrigins: () => origins.current(),
    callers,
    log: (level, message) => app.log[level](message),
    exposures: exposures.port,
  });
  cache.onChange(unlessFlagsOnly(() => fast.sdk?.forgetTokens()));
  credentialListeners.add(() => fast.sdk?.forgetTokens());
  deps.shareServing?.({
    cache,
    lookUpTokens,
    frontendOrigins: () => origins.current(),
    onCredentialsChanged: (listener) => credentialListeners.add(listener),
    experiments: exposures,
  });
  const access = createAccessReadModel(db);
  cache.onChange(unlessFlagsOnly(() => access.forget()));
  // Any change in this process may change who holds what; other processes hear of it through the change event.
  // onSend: after the handler's transaction committed, before the caller can send its next request.
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) access.forget();
  });
  // With workers, a request that recorded a change answers once every worker serves it (cluster/primary.ts).
  if (deps.afterChange) {
    const appendedBefore = new WeakMap<object, number>();
    app.addHook('onRequest', async (request) => {
      appendedBefore.set(request, eventsAppendedHere());
    });
    app.addHook('onSend', async (request) => {
      if (eventsAppendedHere() !== appendedBefore.get(request)) await deps.afterChange!();
    });
  }
  const signInMethods = createSignInMethods(createSsoSettingsService(db, config, secrets), config.basePath);
  registerAuth(
    app,
    resolver,
    access,
    () => {
      for (const listener of credentialListeners) listener();
    },
    signInMethods.hint,
  );
  registerProjectMentions(app, access);
  registerCsrfCheck(app, config.publicUrl);
  app.addHook('preHandler', maintenanceGuard(db));
  countRequests(app);
  drainRefusedBodies(app);

  const email = createEmailSender(config.email);
  app.addHook('onClose', async () => email.close());
  const resets = createPasswordResetService({
    db,
    publicUrl: config.publicUrl,
    email,
    onEmailError: (error) => app.log.error({ err: error }, 'could not send an email'),
  });

  await app.register(async (scope) => healthRoutes(scope, { db, workerMetrics: deps.workerMetrics }));
  const logins = createLoginEventStore(db, config.loginHistoryRetentionDays * 24);
  const recordLogin = createLoginRecorder(logins);
  await app.register(authRoutes({ db, config, recordLogin }));
  await app.register(ssoRoutes({ db, config, recordLogin, secrets }));
  await app.register(samlRoutes({ db, config, recordLogin, secrets }));
  await app.register(ssoSettingsRoutes({ db, config, secrets }));
  await app.register(loginHistoryRoutes({ logins }));
  await app.register(userRoutes({ db, resets }));
  await app.register(sessionRoutes({ db }));
  await app.register(profileRoutes({ db }));
  await app.register(roleRoutes({ db }));
  await app.register(accessRoutes({ db }));
  await app.register(groupRoutes({ db }));
  await app.register(scimSettingsRoutes({ db }));
  await app.register(scimRoutes({ db, publicUrl: config.publicUrl }));
  await app.register(projectAccessRoutes({ db }));
  await app.register(accessRequestRoutes({ db }));
  await app.register(passwordRoutes({ db, config }));
  await app.register(passwordResetRoutes({ resets }));
  await app.register(uiConfigRoutes({ db, config, origins }));
  await app.register(licenseRoutes({ db }));
  await app.register(userPromptRoutes({ db }));
  await app.register(uiErrorRoutes());
  await app.register(serviceAccountRoutes({ db }));
  await app.register(inviteLinkRoutes({ db, config }));
  await app.register(apiTokenRoutes({ db }));
  await app.register(archiveRoutes({ db }));
  await app.register(bannerRoutes({ db }));
  await app.register(releaseTemplateRoutes({ db }));
  await app.register(releasePlanRoutes({ db }));
  await app.register(safeguardRoutes({ db, policy: { allowedHosts: config.integrations.allowedHosts } }));
  // Release plans progress by themselves and their safeguards are evaluated in every process; the database decides
  // which process starts each milestone or acts on each safeguard (decision record 0040).
  const planScheduler = createReleasePlanScheduler(db, {
    intervalMs: config.releases.progressionPollMs,
    onError: (error) => app.log.error({ err: error }, 'release plans: a progression poll failed'),
  });
  const safeguards = createSafeguardEvaluator(db, {
    periodMs: config.releases.safeguardIntervalMs,
    timeoutMs: config.releases.safeguardTimeoutMs,
    policy: { allowedHosts: config.integrations.allowedHosts },
    onError: (error) => app.log.error({ err: error }, 'safeguards: an evaluation failed'),
  });
  app.addHook('onReady', async () => {
    planScheduler.start();
    safeguards.start();
  });
  app.addHook('preClose', async () => {
    await planScheduler.stop();
    await safeguards.stop();
  });
  await app.register(maintenanceRoutes({ db }));
  await app.register(backupRoutes({ db }));
  await app.register(dependencyRoutes({ db }));
  await app.register(flagTagRoutes({ db }));
  await app.register(codeReferenceRoutes({ db }));
  await app.register(flagManagementRoutes({ db }));
  await app.register(flagTransferRoutes({ db }));
  await app.register(searchRoutes({ db, changeRequests: changeRequestUsesReadModel }));
  // Impact metrics: SDKs and edges report them with their usage, the admin API reads them; every process maintains
  // the roll-ups, the database decides who does each round.
  const impactMetrics = createImpactMetricService({
    db,
    warn: (message) => app.log.warn(message),
  });
  const impactMaintenance = createImpactMetricsMaintenance(db, {
    intervalMs: 60_000,
    onError: (error) => app.log.error({ err: error }, 'impact metrics: a roll-up failed'),
  });
  app.addHook('onReady', async () => impactMaintenance.start());
  app.addHook('preClose', () => impactMaintenance.stop());
  await app.register(impactMetricRoutes({ db, impactMetrics }));
  await app.register(impactMetricChartRoutes({ db }));
  // SDK reports are held in memory and written every METRICS_FLUSH_SECONDS (decision record 0045).
  const reports = createClientReportBuffer(createClientReportStore(db), {
    flushMs: config.metricsFlushMs,
    onError: (error) => app.log.error({ err: error }, 'SDK metrics: a flush failed'),
  });
  app.addHook('onReady', async () => reports.start());
  app.addHook('onClose', () => reports.stop());
  await app.register(clientRoutes({ db, cache, streams, impactMetrics, reports }));
  await app.register(frontendRoutes({ db, cache, exposures: exposures.port, reports }));
  await app.register(ofrepRoutes({ cache, exposures: exposures.port }));
  await app.register(experimentRoutes({ db, onChange: refreshExperiments }));
  await app.register(impressionRoutes({ exposures: exposures.port }));
  await app.register(exposureRoutes({ db, exposures }));
  await app.register(conversionRoutes({ conversions }));
  app.addHook('onReady', async () => experimentFlusher.start());
  app.addHook('preClose', () => experimentFlusher.stop());
  await app.register(edgeRoutes({ db, edgeClients: config.edgeClients, impactMetrics, reports }));
  await app.register(playgroundRoutes({ db, config }));
  await app.register(changeRequestConfigRoutes({ db }));
  // Reviewers are emailed when asked to review, authors when their schedule fails or is suspended.
  const changeRequestMail = createChangeRequestMailer({
    email,
    publicUrl: config.publicUrl,
    onError: (error) => app.log.error({ err: error }, 'could not send a change request email'),
  });
  await app.register(changeRequestRoutes({ db, mail: changeRequestMail }));
  await app.register(flagRestoreRoutes({ db, mail: changeRequestMail }));
  await app.register(changeRequestReadRoutes({ db }));
  await app.register(changeRequestPlaygroundRoutes({ db, config }));
  await app.register(notificationRoutes({ db }));
  await app.register(instanceAdminRoutes({ db, config }));
  // Scheduled change requests apply themselves; every process polls, the database decides who applies each one.
  const scheduler = createChangeRequestScheduler(db, {
    intervalMs: 1000,
    mail: changeRequestMail,
    onError: (error) => app.log.error({ err: error }, 'scheduled change requests: a poll failed'),
  });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', () => scheduler.stop());
  // Each project's health is kept once a day (the first process to record a day wins); hourly so no day is missed.
  const healthRecorder = createHealthRecorder(db, {
    intervalMs: 60 * 60 * 1000,
    onError: (error) => app.log.error({ err: error }, 'project health history: recording failed'),
  });
  app.addHook('onReady', async () => healthRecorder.start());
  app.addHook('preClose', () => healthRecorder.stop());
  // Flags that outlive their type's lifetime are told once (feature-potentially-stale-on); the rows decide who tells.
  const staleWatcher = createStaleWatcher(db, {
    intervalMs: 60 * 60 * 1000,
    onError: (error) => app.log.error({ err: error }, 'potentially stale flags: a look failed'),
  });
  app.addHook('onReady', async () => staleWatcher.start());
  app.addHook('preClose', () => staleWatcher.stop());
  // Tokens about to expire are told once (api-token-expiring, notifications); the rows decide who tells.
  const tokenExpiry = createTokenExpiryWatcher(db, {
    intervalMs: 60 * 60 * 1000,
    onError: (error) => app.log.error({ err: error }, 'token expiry warnings: a look failed'),
  });
  app.addHook('onReady', async () => tokenExpiry.start());
  app.addHook('preClose', () => tokenExpiry.stop());
  // Integrations: events reach them through the outbox; every process sends, the database decides who sends each.
  const policy = { allowedHosts: config.integrations.allowedHosts };
  const sendContext = { publicUrl: config.publicUrl, slackApiUrl: config.integrations.slackApiUrl };
  await app.register(
    addonRoutes({ db, policy, timeoutMs: config.integrations.timeoutMs, context: sendContext, secrets }),
  );
  const deliveries = createAddonDeliveryWorker(db, {
    ...config.integrations,
    intervalMs: config.integrations.pollIntervalMs,
    policy,
    context: sendContext,
    secrets,
    onError: (error) => app.log.error({ err: error }, 'integrations: sending deliveries failed'),
  });
  app.addHook('onReady', async () => deliveries.start());
  app.addHook('preClose', () => deliveries.stop());
  // Signals and actions: each stored signal is acted on at once, and every process polls for any left waiting.
  // What projects and environments need of governance and identity as they change (the flag model imports neither).
  const projectPorts: ProjectPorts = {
    changeRequests: changeRequestSettingsPort,
    owners: projectOwnersPort,
    tokens: scopedTokensPort,
  };
  const signals = createSignalProcessor(db, {
    intervalMs: config.signals.pollIntervalMs,
    onError: (error) => app.log.error({ err: error }, 'signals: acting on a signal failed'),
  });
  await app.register(
    signalRoutes({ db, limits: config.signals, publicUrl: config.publicUrl, onSignal: signals.kick }),
  );
  await app.register(actionSetRoutes({ db }));
  app.addHook('onReady', async () => signals.start());
  app.addHook('preClose', () => signals.stop());
  await app.register(metricsRoutes({ db }));
  await app.register(applicationRoutes({ db }));
  await app.register(sdkRoutes({ db }));
  await app.register(unknownFlagRoutes({ db }));
  await app.register(environmentRoutes({ db, tokens: scopedTokensPort }));
  await app.register(eventRoutes({ db }));
  await app.register(historyRoutes({ db }));
  // What is served when the server starts is history's first recording, or catches up with changes made without it.
  app.addHook('onReady', async () => db.transaction((tx) => recordServedHistory(tx, [])));
  await app.register(projectRoutes({ db, ports: projectPorts }));
  await app.register(projectApiTokenRoutes({ db }));
  await app.register(projectInsightRoutes({ db }));
  await app.register(instanceInsightsRoutes({ db }));
  await app.register(lifecycleTrendsRoutes({ db }));
  await app.register(personalDashboardRoutes({ db }));
  await app.register(strategyRoutes({ db }));
  await app.register(contextRoutes({ db }));
  await app.register(segmentRoutes({ db, changeRequests: changeRequestUsesReadModel }));
  await app.register(tagRoutes({ db }));
  await app.register(flagTypeRoutes({ db }));
  await app.register(legacyRoutes({ db, ports: projectPorts }));

  await registerAdminUi(app, config.adminUiDir, config.basePath);
  await app.ready();
  return app;
}
