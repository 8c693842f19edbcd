import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiCors } from './http/cors.ts';
import { logFormatOf, type LogFormat } from './log-line.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The server's whole configuration, read once from the environment at start. */
export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  initAdminTokens: string[];
  initClientTokens: string[];
  initFrontendTokens: string[];
  defaultAdmin: { username: string; password: string };
  frontendOrigins: string[];
  /** Other origins allowed to call the Admin and Client APIs from a browser (API_CORS_*). */
  apiCors: ApiCors;
  logLevel: LogLevel;
  /** JSON lines, or readable lines with LOG_FORMAT=pretty (logger.ts). */
  logFormat: LogFormat;
  sessionMaxAgeHours: number;
  /** Processes serving the SDK endpoints: 1 is this process alone; more are workers beside a primary (cluster/). */
  workers: number;
  /** Stop as on SIGTERM when standard input closes: a parent that dies takes this server with it. */
  stopWhenStdinCloses: boolean;
  /** How long sign-in attempts stay in the login history. */
  loginHistoryRetentionDays: number;
  /** How often each process writes the experiment exposures and tracked events it buffered. */
  experimentFlushIntervalMs: number;
  /** The most flag evaluations one playground request may ask for. */
  playgroundMaxEvaluations: number;
  /**
   * How often SDK usage counts, registrations and "last seen" held in memory are written (METRICS_FLUSH_SECONDS,
   * decision record 0045): what a kill -9 can lose at most. 0 writes each report as it comes.
   */
  metricsFlushMs: number;
  adminUiDir: string | undefined;
  /**
   * Switchyard's address as browsers reach it, the base path included: for invite links, emails, event links and
   * the single sign-on redirect URIs.
   */
  publicUrl: string;
  /** The path every API and the admin UI are served under (BASE_URI_PATH): '' or a path such as '/unleash'. */
  basePath: string;
  /** Single sign-on with an OpenID Connect provider; undefined when OIDC_ISSUER is not set. */
  oidc: OidcConfig | undefined;
  /** Which peers may tell us the client's address and protocol (X-Forwarded-*): all, none, or these addresses. */
  trustProxy: boolean | string[];
  /** Failed password sign-ins allowed per user name and per client address within the window. */
  signInLimits: SignInLimits;
  /** Outgoing email (welcome and password-reset links); undefined when EMAIL_HOST is not set. */
  email: EmailConfig | undefined;
  /** Client ids and their secrets (base64url) with which an edge may sign requests to /edge/issue-token. */
  edgeClients: Map<string, string>;
  integrations: IntegrationConfig;
  signals: SignalConfig;
  /** Release plans' automatic progression and safeguards (decision record 0040). */
  releases: {
    /** How often each process looks for due progressions (RELEASE_PLAN_POLL_INTERVAL_MS). */
    progressionPollMs: number;
    /** How often each safeguard is evaluated (SAFEGUARD_INTERVAL_MS); one process evaluates it each period. */
    safeguardIntervalMs: number;
    /** Deadline of one query to the external metric source (SAFEGUARD_QUERY_TIMEOUT_MS). */
    safeguardTimeoutMs: number;
  };
  /** The key that seals stored secrets (SECRETS_KEY) and older keys that still open them (db/sealed-secrets.ts). */
  secrets: { key: Buffer | undefined; previous: Buffer[] };
};

/** Limits of signal endpoints, and how often each process looks for signals not yet acted on. */
export type SignalConfig = {
  ratePerSecond: number;
  endpoints: number;
  tokensPerEndpoint: number;
  pollIntervalMs: number;
};

/** An SMTP server to send email through, configured with Unleash's EMAIL_* variables. */
export type EmailConfig = {
  host: string;
  port: number;
  /** TLS from the first byte (usually port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  /** The From address. */
  sender: string;
};

/** Where integrations may send, and how the outbox worker retries. */
export type IntegrationConfig = {
  /** Hosts or addresses integrations may reach although they are loopback or private; `*` allows any. */
  allowedHosts: string[];
  pollIntervalMs: number;
  /** Delay before the first retry, doubled for each further one. */
  retryDelayMs: number;
  /** Attempts in all before a delivery is given up on. */
  maxAttempts: number;
  /** Deadline of one outgoing request. */
  timeoutMs: number;
  /** Base of the Slack Web API the slack-app integration posts to. */
  slackApiUrl: string;
};

export type SignInLimits = { failuresPerUser: number; failuresPerIp: number; windowMinutes: number };

/** A TRUST_PROXY entry: a range name, or an IPv4 or IPv6 address, each with an optional CIDR prefix length. */
const PROXY_ENTRY =
  /^(loopback|linklocal|uniquelocal|\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|[0-9a-f]*:[0-9a-f:.]*(\/\d{1,3})?)$/i;

/** Loopback and private addresses: a proxy on the same host or network, as with Docker, Kubernetes or a VPC. */
export const PRIVATE_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

export type OidcConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  buttonText: string;
  /** Create a user on the first sign-in; otherwise only users that exist (by email) may sign in. */
  autoCreate: boolean;
  /** A root role, as in http/auth.ts (not imported: the config is read before anything else loads). */
  defaultRootRole: 'Admin' | 'Editor' | 'Viewer';
  /** Email domains allowed to be created on first sign-in; empty allows every domain. */
  allowedDomains: string[];
  /** The claim listing the provider's groups of the user, synced to groups' SSO mappings at sign-in. */
  groupsClaim: string;
};

/** A configuration problem, reported before the server starts. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = 'ConfigError';
  }
}

/**
 * `data/` at the repository root, found from this file and not from the working directory: `npm start` runs in the
 * root and `npm run server` in apps/server, and both must open the same database. Two levels up from src/ in the
 * sources and from dist/ in the bundle alike.
 */
export const DEFAULT_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data');

/**
 * BASE_URI_PATH as Unleash spells it: `/unleash`, `unleash/` and `/unleash/` are one path, `/` is none. Only
 * characters a path segment may hold unescaped, so the prefix compares as sent.
 */
function readBasePath(raw: string | undefined): string {
  const trimmed = (raw ?? '').replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (!/^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(trimmed) || /(^|\/)\.\.?(\/|$)/.test(trimmed))
    throw new ConfigError(
      'BASE_URI_PATH',
      `must be a path such as /unleash (letters, digits, ".", "_", "~", "-" and "/"), got "${raw}"`,
    );
  return `/${trimmed}`;
}

/**
 * The public address with the base path: PUBLIC_URL names it already (`https://example.com/unleash`, as Unleash's
 * UNLEASH_URL does) or names only the host (`https://example.com`), and the base path is added. Any other path
 * would give browsers links the server does not answer.
 */
function withBasePath(name: string, publicUrl: string, basePath: string): string {
  const { pathname } = new URL(publicUrl);
  const path = pathname.replace(/\/+$/, '');
  if (path === basePath) return publicUrl;
  if (path === '') return `${publicUrl}${basePath}`;
  throw new ConfigError(
    name,
    basePath
      ? `must name the host only or end with BASE_URI_PATH (${basePath}), got "${publicUrl}"`
      : `has the path "${path}": set BASE_URI_PATH=${path} to serve Switchyard under it, or leave the path out`,
  );
}

/** A SECRETS_KEY: 32 bytes written as 64 hex digits or as base64 (or base64url); undefined when it is neither. */
export function parseSecretsKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,2}$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : undefined;
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * `cwd` resolves relative paths given in variables (DATA_DIR, ADMIN_UI_DIR) against the directory the user typed
 * them in: npm runs a workspace's script in that workspace but passes the caller's directory as INIT_CWD.
 */
export function readConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = env.INIT_CWD || process.cwd(),
): Config {
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const list = (...names: string[]): string[] =>
    names.flatMap((name) => (text(name) ?? '').split(',').map((s) => s.trim())).filter(Boolean);
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new ConfigError(name, `must be an integer from ${min} to ${max}, got "${raw}"`);
    }
    return value;
  };

  const portName = text('PORT') !== undefined ? 'PORT' : 'HTTP_PORT';
  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'must start with postgres:// or postgresql://');
  }
  const logLevel = (text('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const logFormat = logFormatOf(text('LOG_FORMAT'));
  if (!logFormat) throw new ConfigError('LOG_FORMAT', `must be json or pretty, got "${text('LOG_FORMAT')}"`);
  const tokens = (kind: string, names: string[]) => {
    const values = list(...names);
    for (const value of values) {
      if (!/^(\*|\[\]|[^:\s]+):(\*|[^.\s]+)\..+$/.test(value)) {
        throw new ConfigError(
          names[0]!,
          `has a ${kind} token "${value}" that is not in the form <project>:<environment>.<secret>`,
        );
      }
    }
    return values;
  };
  const adminUiDir = text('ADMIN_UI_DIR');
  const port = integer(portName, 4242, 0, 65535);
  const url = (name: string): string | undefined => {
    const value = text(name);
    if (value !== undefined && !/^https?:\/\/[^\s/]+/.test(value))
      throw new ConfigError(name, `must be an http(s) URL, got "${value}"`);
    return value?.replace(/\/+$/, '');
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = text(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (raw === 'true' || raw === 'false') return raw === 'true';
    throw new ConfigError(name, `must be true or false, got "${raw}"`);
  };
  const apiCors = (): ApiCors => {
    const origins = list('API_CORS_ORIGINS');
    for (const origin of origins) {
      if (origin !== '*' && !/^https?:\/\/[^\s/]+\/?$/.test(origin))
        throw new ConfigError(
          'API_CORS_ORIGINS',
          `has "${origin}", which is not an origin such as https://docs.example.com`,
        );
    }
    const credentials = flag('API_CORS_CREDENTIALS', false);
    if (credentials && origins.includes('*'))
      throw new ConfigError(
        'API_CORS_CREDENTIALS',
        'cannot be true while API_CORS_ORIGINS allows every origin (*)',
      );
    return { origins: origins.map((o) => o.replace(/\/+$/, '')), credentials };
  };
  const trustProxy = (): boolean | string[] => {
    const raw = text('TRUST_PROXY')?.toLowerCase();
    if (raw === undefined) return PRIVATE_PROXIES;
    if (raw === 'true' || raw === 'false') return raw === 'true';
    const entries = list('TRUST_PROXY');
    for (const entry of entries) {
      if (!PROXY_ENTRY.test(entry))
        throw new ConfigError(
          'TRUST_PROXY',
          `must be true, false or a list of addresses, CIDR ranges, loopback, linklocal or uniquelocal; got "${entry}"`,
        );
    }
    return entries;
  };
  const basePath = readBasePath(text('BASE_URI_PATH'));
  const publicUrl = withBasePath(
    url('PUBLIC_URL') ? 'PUBLIC_URL' : 'UNLEASH_URL',
    url('PUBLIC_URL') ?? url('UNLEASH_URL') ?? `http://localhost:${port}`,
    basePath,
  );
  const issuer = url('OIDC_ISSUER');
  let oidc: OidcConfig | undefined;
  if (issuer) {
    const clientId = text('OIDC_CLIENT_ID');
    if (!clientId) throw new ConfigError('OIDC_CLIENT_ID', 'is required when OIDC_ISSUER is set');
    const role = text('OIDC_DEFAULT_ROOT_ROLE') ?? 'Viewer';
    if (!['Admin', 'Editor', 'Viewer'].includes(role))
      throw new ConfigError('OIDC_DEFAULT_ROOT_ROLE', `must be Admin, Editor or Viewer, got "${role}"`);
    oidc = {
      issuer,
      clientId,
      clientSecret: text('OIDC_CLIENT_SECRET'),
      buttonText: text('OIDC_BUTTON_TEXT') ?? 'Sign in with SSO',
      autoCreate: flag('OIDC_AUTO_CREATE', true),
      defaultRootRole: role as OidcConfig['defaultRootRole'],
      allowedDomains: list('OIDC_ALLOWED_DOMAINS').map((domain) => domain.toLowerCase()),
      groupsClaim: text('OIDC_GROUPS_CLAIM') ?? 'groups',
    };
  }

  const emailHost = text('EMAIL_HOST');
  const email: EmailConfig | undefined = emailHost
    ? {
        host: emailHost,
        port: integer('EMAIL_PORT', 587, 1, 65535),
        secure: flag('EMAIL_SECURE', false),
        user: text('EMAIL_USER'),
        password: text('EMAIL_PASSWORD'),
        sender: text('EMAIL_SENDER') ?? `noreply@${new URL(publicUrl).hostname}`,
      }
    : undefined;
  if (email?.password && !email.user)
    throw new ConfigError('EMAIL_USER', 'is required when EMAIL_PASSWORD is set');
  const edgeClients = new Map<string, string>();
  for (const entry of list('EDGE_CLIENTS')) {
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon);
    const secret = entry.slice(colon + 1);
    if (colon < 1 || !/^[A-Za-z0-9_-]{16,}={0,2}$/.test(secret)) {
      throw new ConfigError(
        'EDGE_CLIENTS',
        'must list `clientId:secret` pairs, each secret base64url and at least 16 characters',
      );
    }
    edgeClients.set(id, secret);
  }

  const secretsKey = (name: string, value: string) => {
    const key = parseSecretsKey(value);
    if (!key)
      throw new ConfigError(
        name,
        'must be a 32-byte key written as base64 or as 64 hex digits; make one with `openssl rand -base64 32`',
      );
    return key;
  };
  const secrets = {
    key: text('SECRETS_KEY') === undefined ? undefined : secretsKey('SECRETS_KEY', text('SECRETS_KEY')!),
    previous: list('SECRETS_KEY_PREVIOUS').map((value) => secretsKey('SECRETS_KEY_PREVIOUS', value)),
  };
  // Every process on one PostgreSQL must seal with the same key, and a key kept beside the data is no secret.
  if (databaseUrl && !secrets.key)
    throw new ConfigError(
      'SECRETS_KEY',
      'is required when DATABASE_URL is set: every process seals and opens the stored secrets with it. Make one with `openssl rand -base64 32`',
    );

  return {
    port,
    host: text('HOST') ?? '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(cwd, text('DATA_DIR') ?? DEFAULT_DATA_DIR),
    initAdminTokens: tokens('admin', ['INIT_ADMIN_API_TOKENS']),
    initClientTokens: tokens('client', ['INIT_CLIENT_API_TOKENS', 'INIT_BACKEND_API_TOKENS']),
    initFrontendTokens: tokens('frontend', ['INIT_FRONTEND_API_TOKENS']),
    defaultAdmin: {
      username: text('UNLEASH_DEFAULT_ADMIN_USERNAME') ?? 'admin',
      password: text('UNLEASH_DEFAULT_ADMIN_PASSWORD') ?? 'unleash4all',
    },
    apiCors: apiCors(),
    frontendOrigins: list('UNLEASH_FRONTEND_API_ORIGINS').length
      ? list('UNLEASH_FRONTEND_API_ORIGINS')
      : ['*'],
    logLevel: logLevel as LogLevel,
    logFormat,
    sessionMaxAgeHours: integer('SESSION_MAX_AGE_HOURS', 48, 1, 24 * 365),
    workers: integer('WORKERS', availableParallelism(), 1, 256),
    stopWhenStdinCloses: flag('STOP_WHEN_STDIN_CLOSES', false),
    loginHistoryRetentionDays: integer('LOGIN_HISTORY_RETENTION_DAYS', 14, 1, 3650),
    experimentFlushIntervalMs: integer('EXPERIMENT_FLUSH_INTERVAL_MS', 1000, 10, 60_000),
    playgroundMaxEvaluations: integer('PLAYGROUND_MAX_EVALUATIONS', 20_000, 1, 10_000_000),
    metricsFlushMs: integer('METRICS_FLUSH_SECONDS', 10, 0, 300) * 1000,
    adminUiDir: adminUiDir ? path.resolve(cwd, adminUiDir) : undefined,
    publicUrl,
    basePath,
    oidc,
    trustProxy: trustProxy(),
    signInLimits: {
      failuresPerUser: integer('SIGN_IN_FAILURES_PER_USER', 10, 1, 10_000),
      failuresPerIp: integer('SIGN_IN_FAILURES_PER_IP', 100, 1, 1_000_000),
      windowMinutes: integer('SIGN_IN_FAILURE_WINDOW_MINUTES', 15, 1, 24 * 60),
    },
    email,
    edgeClients,
    integrations: {
      allowedHosts: list('INTEGRATION_ALLOWED_HOSTS').map((host) =>
        host.replace(/^\[|\]$/g, '').toLowerCase(),
      ),
      pollIntervalMs: integer('INTEGRATION_POLL_INTERVAL_MS', 1000, 10, 60_000),
      retryDelayMs: integer('INTEGRATION_RETRY_DELAY_MS', 5000, 1, 3_600_000),
      maxAttempts: integer('INTEGRATION_MAX_ATTEMPTS', 6, 1, 100),
      timeoutMs: integer('INTEGRATION_TIMEOUT_MS', 10_000, 100, 120_000),
      slackApiUrl: url('SLACK_API_URL') ?? 'https://slack.com/api',
    },
    releases: {
      progressionPollMs: integer('RELEASE_PLAN_POLL_INTERVAL_MS', 1000, 10, 60_000),
      safeguardIntervalMs: integer('SAFEGUARD_INTERVAL_MS', 10_000, 100, 3_600_000),
      safeguardTimeoutMs: integer('SAFEGUARD_QUERY_TIMEOUT_MS', 5000, 100, 60_000),
    },
    signals: {
      ratePerSecond: integer('SIGNAL_ENDPOINT_RATE_LIMIT_PER_SECOND', 1, 1, 10_000),
      endpoints: integer('SIGNAL_ENDPOINTS_LIMIT', 5, 1, 10_000),
      tokensPerEndpoint: integer('SIGNAL_TOKENS_PER_ENDPOINT_LIMIT', 5, 1, 1000),
      pollIntervalMs: integer('SIGNAL_POLL_INTERVAL_MS', 1000, 10, 60_000),
    },
    secrets,
  };
}
