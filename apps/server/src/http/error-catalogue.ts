import {
  AuthenticationRequired,
  BadDataError,
  ConflictError,
  ContentTypeError,
  type ErrorBody,
  errorBody,
  HttpError,
  InvalidOperationError,
  MaintenanceError,
  NameExistsError,
  NoAccessError,
  NotFoundError,
  PasswordMismatch,
  signInFields,
  TooManyRequestsError,
} from './errors.ts';

/** One error class as the API reference shows it: when it happens and a body it answers with. */
export type CatalogueEntry = {
  name: string;
  status: number;
  when: string;
  body: ErrorBody & { permissions?: string[] } & Partial<ReturnType<typeof signInFields>>;
};

/** A fixed id, so the generated OpenAPI document does not change from one build to the next. */
const EXAMPLE_ID = '6f1c2e8a-3b4d-4c5e-9f60-7a8b9c0d1e2f';

function entry(error: HttpError, when: string): CatalogueEntry {
  const body = { ...errorBody(error.name, error.message, error.details), id: EXAMPLE_ID };
  const permissions = error instanceof NoAccessError ? error.permissions : undefined;
  const signIn = error instanceof AuthenticationRequired ? error.signIn : undefined;
  return {
    name: error.name,
    status: error.status,
    when,
    body: permissions ? { ...body, permissions } : signIn ? { ...body, ...signInFields(signIn) } : body,
  };
}

/**
 * Every error class the API answers with, each built from the class itself, so a class's status and name on the
 * wire cannot drift from its example. The OpenAPI document shows these under each operation's error statuses.
 */
export const ERROR_CATALOGUE: CatalogueEntry[] = [
  entry(
    BadDataError.field('/body/name', '"name" must match pattern "^[A-Za-z0-9_.~-]+$"'),
    'The request is malformed or breaks a rule; the details name each field and the rule it breaks.',
  ),
  entry(
    new ContentTypeError('Content-Type must be application/json for this endpoint'),
    'The body is not JSON.',
  ),
  entry(
    AuthenticationRequired.signInAt(
      'You must log in to use Switchyard: the request sent no session cookie and no Authorization header. Sign in at /auth/simple/login.',
      { type: 'password', path: '/auth/simple/login', defaultHidden: false, options: [] },
    ),
    'No session cookie and no valid token in the Authorization header. Without any credentials, `type`, `path`, `defaultHidden` and `options` say how to sign in.',
  ),
  entry(new PasswordMismatch('Wrong username or password'), 'A sign-in with a wrong user name or password.'),
  entry(
    NoAccessError.needs(
      'UPDATE_FEATURE_ENVIRONMENT',
      'You need the UPDATE_FEATURE_ENVIRONMENT permission in project default (environment production) to do this',
    ),
    'Signed in, but no role or token grants the permission named in `permissions`.',
  ),
  entry(
    new InvalidOperationError('A flag cannot depend on itself.'),
    'The operation is understood but not allowed in the current state.',
  ),
  entry(new NotFoundError('Could not find flag "checkout"'), 'Something the request names does not exist.'),
  entry(
    new ConflictError(
      'Segment "beta-testers" is used by 2 strategies of flags checkout; remove it from them first',
    ),
    'The change would break something that depends on it, or it conflicts with a newer change.',
  ),
  entry(
    new NameExistsError('A flag named "checkout" already exists'),
    'Something with that name already exists.',
  ),
  entry(
    new TooManyRequestsError('Too many requests from this address. Try again in 60 seconds.', 60),
    'Too many attempts in a short time; the Retry-After header says when to try again.',
  ),
  entry(
    new MaintenanceError('Switchyard is in maintenance mode: changes are paused until an admin turns it off'),
    'Maintenance mode is on; the Admin API refuses changes.',
  ),
];

type OpenApiResponse = { content?: Record<string, { schema?: { $ref?: string }; examples?: unknown }> };
type OpenApiObject = {
  paths?: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>>;
  components?: { examples?: Record<string, unknown> };
};

/**
 * Adds the catalogue to the document once, as named examples (`#/components/examples/<class>`), and refers to the
 * examples of the classes with that status from every error response of every operation.
 */
export function withErrorExamples<T extends object>(input: T): T {
  const doc = input as OpenApiObject;
  doc.components = {
    ...doc.components,
    examples: {
      ...doc.components?.examples,
      ...Object.fromEntries(ERROR_CATALOGUE.map((e) => [e.name, { summary: e.when, value: e.body }])),
    },
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const [status, response] of Object.entries(operation?.responses ?? {})) {
        const media = response.content?.['application/json'];
        if (!media?.schema?.$ref?.endsWith('/errorSchema')) continue;
        const classes = ERROR_CATALOGUE.filter((e) => String(e.status) === status);
        if (classes.length === 0) continue;
        media.examples = Object.fromEntries(
          classes.map((e) => [e.name, { $ref: `#/components/examples/${e.name}` }]),
        );
      }
    }
  }
  return input;
}
