/**
 * Every environment variable the server reads, with its documentation. Plain data with no imports so the docs
 * site can generate its configuration reference from it.
 */
export type ConfigVariable = {
  name: string;
  description: string;
  default?: string;
  example?: string;
};

export const CONFIG_VARIABLES: ConfigVariable[] = [
  {
    name: 'PORT',
    description: 'TCP port the HTTP server listens on. `HTTP_PORT` is accepted as an alias.',
    default: '4242',
    example: '8080',
  },
  {
    name: 'HTTP_PORT',
    description: 'Alias of `PORT`, for configurations written for Unleash.',
    example: '4242',
  },
  {
    name: 'HOST',
    description: 'Interface the HTTP server binds to.',
    default: '0.0.0.0',
    example: '127.0.0.1',
  },
  {
    name: 'DATABASE_URL',
    description:
      'PostgreSQL connection string. When set, Switchyard stores everything in that database instead of the embedded one; several server processes may share it.',
    example: 'postgres://switchyard:secret@db.internal:5432/switchyard',
  },
  {
    name: 'DATA_DIR',
    description:
      'Directory of the embedded PGlite database, used when `DATABASE_URL` is not set. The default is `data/` at the root of the Switchyard repository whichever command starts the server, so `npm start` and `npm run server` open the same database. A relative value is resolved against the directory the command was run in. One process per directory: while it runs, `switchyard.lock` in it makes a second process refuse to start.',
    default: '<repository root>/data',
    example: '/var/lib/switchyard',
  },
  {
    name: 'SECRETS_KEY',
    description:
      'The key that seals the secrets Switchyard stores (integration URLs, authorization, headers and API keys; the OIDC client secret) with AES-256-GCM: 32 bytes as base64 or as 64 hex digits, made with `openssl rand -base64 32`. Required with `DATABASE_URL`, and the same for every process. Without it the embedded database generates one at first start and keeps it in `DATA_DIR/secrets.key` (owner-only); once set, that key still opens what it sealed. A key that opens no stored secret stops the start with a message naming this variable.',
    example: 'q8Ue3v9x2yKfXb0nZr5tLw7sJm4pHd6cVa1oGi2EkTs=',
  },
  {
    name: 'SECRETS_KEY_PREVIOUS',
    description:
      'Comma-separated earlier values of `SECRETS_KEY`. They only open: at start, every stored secret one of them sealed is sealed again with `SECRETS_KEY`, so a rotation is: set the new key, put the old one here, restart every process, then remove it. With several processes, first give every process the new key here, then make it `SECRETS_KEY`.',
    example: '5RJeXef3IkbWkCfGpsODRve4ZrulkKPmek4CklQ3QL0=',
  },
  {
    name: 'INIT_ADMIN_API_TOKENS',
    description: 'Comma-separated admin API tokens (`*:*.<secret>`) created at start when missing.',
    example: '*:*.my-admin-secret',
  },
  {
    name: 'INIT_CLIENT_API_TOKENS',
    description:
      'Comma-separated client (backend SDK) tokens (`<project>:<environment>.<secret>`) created at start when missing. `INIT_BACKEND_API_TOKENS` is accepted too.',
    example: 'default:development.my-client-secret',
  },
  {
    name: 'INIT_BACKEND_API_TOKENS',
    description: 'Alias of `INIT_CLIENT_API_TOKENS`.',
    example: '*:production.my-backend-secret',
  },
  {
    name: 'INIT_FRONTEND_API_TOKENS',
    description: 'Comma-separated frontend API tokens created at start when missing.',
    example: 'default:development.my-frontend-secret',
  },
  {
    name: 'UNLEASH_DEFAULT_ADMIN_USERNAME',
    description: 'User name of the first admin user, created on the first start only.',
    default: 'admin',
  },
  {
    name: 'UNLEASH_DEFAULT_ADMIN_PASSWORD',
    description:
      'Password of the first admin user, created on the first start only. Change it after logging in.',
    default: 'unleash4all',
  },
  {
    name: 'UNLEASH_FRONTEND_API_ORIGINS',
    description: 'Comma-separated origins allowed to call the frontend API from a browser (CORS).',
    default: '*',
    example: 'https://shop.example.com,https://admin.example.com',
  },
  {
    name: 'LOGIN_HISTORY_RETENTION_DAYS',
    description:
      'How many days every sign-in attempt (name, method, address, browser, outcome) stays in the login history before it is deleted.',
    default: '14',
    example: '90',
  },
  {
    name: 'API_CORS_ORIGINS',
    description:
      'Comma-separated origins whose pages may call the Admin and Client APIs from a browser (CORS), such as the docs site for its "Try it" panels; `*` for any. Unset, no other origin may. Callers still need a token: a change sent with the session cookie from another site is refused.',
    example: 'http://localhost:3000,https://docs.example.com',
  },
  {
    name: 'API_CORS_CREDENTIALS',
    description:
      'Whether browsers on the `API_CORS_ORIGINS` may send cookies with their calls (Access-Control-Allow-Credentials); not with `*`.',
    default: 'false',
    example: 'true',
  },
  {
    name: 'EDGE_CLIENTS',
    description:
      'Comma-separated `clientId:secret` pairs with which an edge may obtain client tokens from `POST /edge/issue-token` by signing its request (HMAC-SHA256, as Unleash Edge does); the secret is base64url, at least 16 characters. Unset, the operation refuses every request.',
    example: 'edge-eu:c2VjcmV0LXNlY3JldC1zZWNyZXQ',
  },
  {
    name: 'LOG_LEVEL',
    description: 'One of `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.',
    default: 'info',
  },
  {
    name: 'LOG_FORMAT',
    description:
      "How every process (primary, workers, edge) writes its log on stdout: `json`, one JSON object a line with `level` (pino's numbers: 30 info, 40 warn, 50 error), `time` (epoch milliseconds), `pid`, `hostname`, `process` (`primary`, `worker` or `edge`) and `msg`; or `pretty`, the same entries as readable lines.",
    default: 'json',
    example: 'pretty',
  },
  {
    name: 'WORKERS',
    description:
      'How many processes serve the SDK endpoints (client features, delta, streaming, Frontend API, OFREP). With 2 or more, a primary process owns the database and the admin API and listens on loopback only, and that many worker processes share the public port, answer SDKs from memory, are kept current by the primary within milliseconds, and forward everything else to it; a worker that dies is replaced. 1 runs everything in one process. The default is the number of CPU cores.',
    default: 'the number of CPU cores',
    example: '4',
  },
  {
    name: 'STOP_WHEN_STDIN_CLOSES',
    description:
      'Set to `true` to stop the server, as SIGTERM does (its workers are not replaced then), when its standard input closes: for a supervisor or test runner that starts Switchyard as a child process with its input on a pipe, so the server ends with its parent even when the parent is killed without a chance to stop it.',
    default: 'false',
    example: 'true',
  },
  {
    name: 'SESSION_MAX_AGE_HOURS',
    description: 'How long an admin UI login session stays valid, in hours.',
    default: '48',
  },
  {
    name: 'PLAYGROUND_MAX_EVALUATIONS',
    description:
      'The most flag evaluations (flags × environments × contexts) one playground request may ask for; past it the request is refused with a 400, so no one request can stall the server.',
    default: '20000',
    example: '100000',
  },
  {
    name: 'METRICS_FLUSH_SECONDS',
    description:
      'How often the SDK registrations, usage counts and "last seen" times a server holds in memory are written to the database, in one batch; also what a server killed with kill -9 can lose at most. 0 writes each report as it comes.',
    default: '10',
    example: '30',
  },
  {
    name: 'EXPERIMENT_FLUSH_INTERVAL_MS',
    description:
      'How often the exposures and conversions a server holds in memory for running experiments are written to the database and added to their results, in milliseconds (10 to 60000).',
    default: '1000',
    example: '5000',
  },
  {
    name: 'RELEASE_PLAN_POLL_INTERVAL_MS',
    description:
      'How often each server process looks for release plans whose next milestone is due, in milliseconds (10 to 60000); the database decides which process starts each milestone, once.',
    default: '1000',
    example: '5000',
  },
  {
    name: 'SAFEGUARD_INTERVAL_MS',
    description:
      'How often each release-plan safeguard is evaluated, in milliseconds (100 to 3600000); one process reads each safeguard per period and a crossed threshold is acted on once.',
    default: '10000',
    example: '1000',
  },
  {
    name: 'SAFEGUARD_QUERY_TIMEOUT_MS',
    description:
      'Deadline of one query to the external Prometheus-compatible metric source a safeguard reads, in milliseconds (100 to 60000); a query that takes longer is kept as the safeguard’s `lastError` and does not trigger it.',
    default: '5000',
    example: '2000',
  },
  {
    name: 'TRUST_PROXY',
    description:
      'Which peers may tell Switchyard the client address and protocol with `X-Forwarded-For` and `X-Forwarded-Proto`: `true` (any peer), `false` (none), or a comma-separated list of addresses, CIDR ranges and the names `loopback`, `linklocal` and `uniquelocal` (private ranges). The default trusts a reverse proxy on the same host or a private network, where Docker, Kubernetes and cloud load balancers connect from, while a client on the internet cannot pretend to be on HTTPS or at another address. List your proxy if it connects from a public address.',
    default: 'loopback,linklocal,uniquelocal',
    example: '10.0.0.0/8,192.0.2.10',
  },
  {
    name: 'SIGN_IN_FAILURES_PER_USER',
    description:
      'Wrong passwords allowed for one user name within `SIGN_IN_FAILURE_WINDOW_MINUTES`; after that, password sign-in for that name answers 429 with `Retry-After` until the oldest failure leaves the window, even with the right password. A successful sign-in clears the count.',
    default: '10',
  },
  {
    name: 'SIGN_IN_FAILURES_PER_IP',
    description:
      'Wrong passwords allowed from one client address (across all user names) within `SIGN_IN_FAILURE_WINDOW_MINUTES`; higher than the per-user limit because an office or a VPN shares one address.',
    default: '100',
  },
  {
    name: 'SIGN_IN_FAILURE_WINDOW_MINUTES',
    description:
      'How long a wrong password counts against the sign-in limits. Counts live in the database, so every server process sees them.',
    default: '15',
  },
  {
    name: 'OIDC_ISSUER',
    description:
      'Turns on single sign-on with this OpenID Connect provider (its issuer URL, where `/.well-known/openid-configuration` lives). Needs `OIDC_CLIENT_ID`.',
    example: 'https://login.example.com/realms/acme',
  },
  {
    name: 'OIDC_CLIENT_ID',
    description: 'The client id Switchyard has at the provider.',
    example: 'switchyard',
  },
  {
    name: 'OIDC_CLIENT_SECRET',
    description: 'The client secret, sent with HTTP Basic authentication. Leave unset for a public client.',
    example: 'a-long-random-secret',
  },
  {
    name: 'PUBLIC_URL',
    description:
      "Switchyard's address as browsers reach it, for links in emails, invite links, integrations' messages and the single sign-on redirect URIs (this plus `/auth/oidc/callback`). With `BASE_URI_PATH`, name the host only (the path is added) or end it with that path. `UNLEASH_URL` is accepted too.",
    default: 'http://localhost:<PORT><BASE_URI_PATH>',
    example: 'https://flags.example.com',
  },
  {
    name: 'BASE_URI_PATH',
    description:
      'The path prefix Switchyard is served under, behind a reverse proxy that passes the prefix on: every API, `/health`, `/ready`, `/internal-backstage`, the admin UI and the sign-in callbacks answer under it, and requests outside it get 404.',
    default: '(none: served at /)',
    example: '/unleash',
  },
  {
    name: 'UNLEASH_URL',
    description: 'Alias of `PUBLIC_URL`, for configurations written for Unleash.',
    example: 'https://flags.example.com',
  },
  {
    name: 'OIDC_BUTTON_TEXT',
    description: 'The text of the single sign-on button on the sign-in page.',
    default: 'Sign in with SSO',
    example: 'Sign in with Acme ID',
  },
  {
    name: 'OIDC_AUTO_CREATE',
    description:
      '`true` creates a user on the first single sign-on; `false` lets in only people an admin added (matched by email).',
    default: 'true',
  },
  {
    name: 'OIDC_DEFAULT_ROOT_ROLE',
    description: 'Root role of users created by single sign-on: `Admin`, `Editor` or `Viewer`.',
    default: 'Viewer',
  },
  {
    name: 'OIDC_ALLOWED_DOMAINS',
    description:
      'Comma-separated email domains whose people may be created by single sign-on; unset allows every domain.',
    example: 'example.com,example.org',
  },
  {
    name: 'OIDC_GROUPS_CLAIM',
    description:
      "The ID token or userinfo claim that lists the user's groups at the provider. At each sign-in the user joins every group whose SSO mappings name one of them and leaves the groups it joined that way and no longer matches; a token without the claim changes no membership.",
    default: 'groups',
    example: 'roles',
  },
  {
    name: 'EMAIL_HOST',
    description:
      'The SMTP server Switchyard sends email through: welcome emails with a link to set a password, and password-reset links. Unset, Switchyard sends no email and the admin UI shows those links for an admin to pass on.',
    example: 'smtp.example.com',
  },
  {
    name: 'EMAIL_PORT',
    description: "The SMTP server's port.",
    default: '587',
    example: '465',
  },
  {
    name: 'EMAIL_SECURE',
    description:
      '`true` speaks TLS from the first byte (usually port 465); `false` upgrades with STARTTLS when the server offers it.',
    default: 'false',
  },
  {
    name: 'EMAIL_USER',
    description: 'User name for SMTP authentication; unset sends without authenticating.',
    example: 'switchyard@example.com',
  },
  {
    name: 'EMAIL_PASSWORD',
    description: 'Password for SMTP authentication, with `EMAIL_USER`.',
    example: 'an-smtp-password',
  },
  {
    name: 'EMAIL_SENDER',
    description: 'The From address of the email Switchyard sends.',
    default: 'noreply@<host of PUBLIC_URL>',
    example: 'Switchyard <noreply@example.com>',
  },
  {
    name: 'ADMIN_UI_DIR',
    description: 'Directory of the built admin UI that the server serves at `/`.',
    default: 'apps/admin/dist',
  },
  {
    name: 'INTEGRATION_ALLOWED_HOSTS',
    description:
      'Comma-separated host names or IP addresses that integrations may send to although they are loopback, link-local or private; `*` allows any. Without it such URLs are refused when saved and again at every connection.',
    example: 'hooks.internal,10.0.0.12',
  },
  {
    name: 'SIGNAL_ENDPOINT_RATE_LIMIT_PER_SECOND',
    description:
      'Signals each signal endpoint accepts per second, all server processes together; more get a 429.',
    default: '1',
  },
  {
    name: 'SIGNAL_ENDPOINTS_LIMIT',
    description: 'The most signal endpoints an instance may have.',
    default: '5',
  },
  {
    name: 'SIGNAL_TOKENS_PER_ENDPOINT_LIMIT',
    description: 'The most tokens one signal endpoint may have.',
    default: '5',
  },
  {
    name: 'SIGNAL_POLL_INTERVAL_MS',
    description:
      'How often each server process looks for signals no process has acted on yet (a signal is normally acted on as soon as it is stored).',
    default: '1000',
  },
  {
    name: 'INTEGRATION_POLL_INTERVAL_MS',
    description: 'How often each server process looks for integration deliveries that are due.',
    default: '1000',
  },
  {
    name: 'INTEGRATION_RETRY_DELAY_MS',
    description: 'Delay before a failed integration delivery is retried; doubled for each further retry.',
    default: '5000',
  },
  {
    name: 'INTEGRATION_MAX_ATTEMPTS',
    description: 'Attempts in all before an integration delivery is given up on and logged as failed.',
    default: '6',
  },
  {
    name: 'INTEGRATION_TIMEOUT_MS',
    description:
      'Deadline of one request to an integration; a receiver that takes longer counts as a failed attempt.',
    default: '10000',
  },
  {
    name: 'SLACK_API_URL',
    description: 'Base URL of the Slack Web API that the App for Slack integration posts to.',
    default: 'https://slack.com/api',
  },
];
