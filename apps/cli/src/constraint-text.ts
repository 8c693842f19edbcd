import { CliError } from './io.ts';

/** Operators that take one `value`; the others take a list of `values`. */
const SINGLE = /^(NUM_|DATE_|SEMVER_|REGEX)/;

/** `region IN eu-north,eu-west`, `!email STR_ENDS_WITH @example.com`: a constraint typed on a command line. */
export function parseConstraint(text: string, where: string) {
  const match = /^\s*(\S+)\s+(!?)([A-Z_]+)(?:\s+(.*))?$/.exec(text);
  if (!match)
    throw new CliError(
      `${where}: "${text}" is not FIELD OPERATOR VALUES (e.g. "region IN eu-north,eu-west")`,
      2,
    );
  const [, contextName, bang, operator, rest = ''] = match;
  return SINGLE.test(operator!)
    ? { contextName, operator, value: rest.trim(), inverted: bang === '!', caseInsensitive: false }
    : {
        contextName,
        operator,
        values: rest
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
        inverted: bang === '!',
        caseInsensitive: false,
      };
}
