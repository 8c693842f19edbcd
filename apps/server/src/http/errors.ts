import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { pgErrorCode } from '../db/postgres-errors.ts';

export type ErrorDetail = { message: string; path?: string };

/** Base of every error we show to API callers. The class name is the stable `name` on the wire. */
export abstract class HttpError extends Error {
  abstract readonly status: number;
  readonly details: ErrorDetail[];
  constructor(message: string, details?: ErrorDetail[]) {
    super(message);
    this.name = new.target.name;
    this.details = details ?? [{ message }];
  }
}

/** The request is malformed or breaks a rule; nothing was changed. */
export class BadDataError extends HttpError {
  readonly status = 400;
  /** One field breaks a rule: the message names the rule, the detail names the field. */
  static field(path: string, message: string): BadDataError {
    return new BadDataError(`Request validation failed: ${message}`, [{ path, message }]);
  }
}
/** Where and how a person signs in, as Unleash's own sign-in page reads it from a 401 (`type`, `path`, ...). */
export type SignInHint = {
  /** `password` for the sign-in form, even when it is hidden: Unleash's page then shows only the `options`. */
  type: string;
  path: string;
  /** The password form is hidden because password login is disabled. */
  defaultHidden: boolean;
  /** The single sign-on buttons: one per enabled method. */
  options: { type: string; message: string; path: string }[];
};

export class AuthenticationRequired extends HttpError {
  readonly status = 401;
  /** Set where a person (not a script) could sign in: a request that sent no credentials. */
  signIn?: SignInHint;
  static signInAt(message: string, signIn: SignInHint): AuthenticationRequired {
    const error = new AuthenticationRequired(message);
    error.signIn = signIn;
    return error;
  }
}
export class PasswordMismatch extends HttpError {
  readonly status = 401;
}
/** Signed in, but the role or token does not allow this. `permissions` names what would (Unleash's field). */
export class NoAccessError extends HttpError {
  readonly status = 403;
  permissions?: string[];
  static needs(permission: string, message: string): NoAccessError {
    const error = new NoAccessError(message);
    error.permissions = [permission];
    return error;
  }
}
/** The operation is understood but not allowed in the current state (e.g. a transitive dependency). */
export class InvalidOperationError extends HttpError {
  readonly status = 403;
}
export class NotFoundError extends HttpError {
  readonly status = 404;
}
/**
 * 409: the change would break something that depends on it, such as deleting a segment that strategies use.
 * Unleash answers these cases with a ConflictError, so the name on the wire matches.
 */
export class ConflictError extends HttpError {
  readonly status = 409;
}
/** Something with that name or id already exists. */
export class NameExistsError extends HttpError {
  readonly status = 409;
}
export class ContentTypeError extends HttpError {
  readonly status = 415;
}
/** Too many attempts in a short time (wrong passwords); `Retry-After` tells when to try again. */
export class TooManyRequestsError extends HttpError {
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
/** The instance is in maintenance mode: the Admin API refuses changes until an admin turns it off. */
export class MaintenanceError extends HttpError {
  readonly status = 503;
}

export type ErrorBody = { id: string; name: string; message: string; details: ErrorDetail[] };

export function errorBody(name: string, message: string, details?: ErrorDetail[]): ErrorBody {
  return { id: randomUUID(), name, message, details: details ?? [{ message }] };
}

/** Unleash sends `options` only where there is a single sign-on button to show. */
export function signInFields({ options, ...hint }: SignInHint) {
  return options.length > 0 ? { ...hint, options } : hint;
}

type AjvError = {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
};

/** Turns Fastify's schema validation errors into details that name the field and the rule. */
export function validationDetails(context: string, errors: AjvError[]): ErrorDetail[] {
  return errors.map((error) => {
    let path = `/${context}${error.instancePath}`;
    let message: string;
    if (error.keyword === 'required') {
      path = `${path}/${String(error.params.missingProperty)}`;
      message = `"${String(error.params.missingProperty)}" is required`;
    } else if (error.keyword === 'additionalProperties') {
      message = `"${String(error.params.additionalProperty)}" is not allowed at ${path}`;
    } else {
      message = `"${path.split('/').pop() || context}" ${error.message ?? `fails the ${error.keyword} rule`}`;
    }
    return { message, path };
  });
}

/** One error format for every 4xx and 5xx, compatible with Unleash's. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    if (error instanceof HttpError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      const body = errorBody(error.name, error.message, error.details);
      if (error instanceof NoAccessError && error.permissions) {
        return reply.status(error.status).send({ ...body, permissions: error.permissions });
      }
      if (error instanceof AuthenticationRequired && error.signIn) {
        return reply.status(error.status).send({ ...body, ...signInFields(error.signIn) });
      }
      return reply.status(error.status).send(body);
    }
    if (error.validation) {
      const details = validationDetails(error.validationContext ?? 'body', error.validation as AjvError[]);
      const message = `Request validation failed: ${details.map((d) => d.message).join('; ')}`;
      return reply.status(400).send(errorBody('BadDataError', message, details));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send(errorBody('ContentTypeError', 'Content-Type must be application/json for this endpoint'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const name = error.statusCode === 404 ? 'NotFoundError' : 'BadDataError';
      return reply.status(error.statusCode).send(errorBody(name, error.message));
    }
    // Defence in depth: a value the database refuses as data (class 22) is the caller's, even where no schema caught it.
    if (pgErrorCode(error)?.startsWith('22')) {
      request.log.warn({ err: error }, 'a value reached the database that no schema refused');
      const message =
        'A value in the request cannot be stored: it is out of range or not valid for its field';
      return reply.status(400).send(errorBody('BadDataError', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(errorBody('InternalError', 'Something went wrong on the server; it was logged.'));
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(errorBody('NotFoundError', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
}

/** The error response schema used in every operation's OpenAPI description. */
export const errorResponseSchema = {
  type: 'object',
  description: 'The one error format of every 4xx and 5xx response.',
  required: ['id', 'name', 'message', 'details'],
  properties: {
    id: { type: 'string', description: 'Unique id of this error occurrence, for logs.' },
    name: { type: 'string', description: 'Stable name of the error class.', example: 'BadDataError' },
    message: { type: 'string' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        required: ['message'],
        properties: { message: { type: 'string' }, path: { type: 'string', example: '/body/name' } },
      },
    },
    permissions: {
      type: 'array',
      items: { type: 'string' },
      description: 'On a 403: the permission that would allow the operation, e.g. SKIP_CHANGE_REQUEST.',
    },
    type: {
      type: 'string',
      description:
        'On a 401 to a request without credentials: how to sign in. `password` (the sign-in form, hidden where `defaultHidden`) is the one type Switchyard sends.',
      example: 'password',
    },
    path: {
      type: 'string',
      description: 'On a 401 to a request without credentials: where the sign-in form posts.',
      example: '/auth/simple/login',
    },
    defaultHidden: {
      type: 'boolean',
      description: 'On a 401 to a request without credentials: true when password login is disabled.',
    },
    options: {
      type: 'array',
      description: 'On a 401 to a request without credentials: one entry per enabled single sign-on method.',
      items: {
        type: 'object',
        required: ['type', 'message', 'path'],
        properties: {
          type: { type: 'string', example: 'oidc' },
          message: { type: 'string', example: 'Sign in with Acme SSO' },
          path: { type: 'string', example: '/auth/oidc/login' },
        },
      },
    },
  },
} as const;
