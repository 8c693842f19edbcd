import { HttpError } from '../../http/errors.ts';

/**
 * 409: the change would break something that depends on it, such as deleting a segment that strategies use.
 * Unleash answers these cases with a ConflictError, so the name on the wire matches.
 */
export class ConflictError extends HttpError {
  readonly status = 409;
}
