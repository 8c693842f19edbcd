import type { Constraint } from '../../api/types.ts';
import { operatorInfo } from './operators.ts';

const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIpOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const v4 = IPV4.test(address);
  const v6 =
    !v4 && address.includes(':') && /^[0-9a-fA-F:.]+$/.test(address) && address.split('::').length <= 2;
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

/** RE2 (what the server and SDKs use) has no lookaround and no backreferences. */
function regexProblem(pattern: string): string | undefined {
  if (/\(\?<?[=!]/.test(pattern)) return 'Lookahead and lookbehind are not supported (RE2 syntax)';
  if (/\\[1-9]/.test(pattern)) return 'Backreferences are not supported (RE2 syntax)';
  try {
    new RegExp(pattern.replace(/\(\?[imsU]+\)/g, '').replace(/\[\[:(\w+):\]\]/g, '[a-z]'));
    return undefined;
  } catch (error) {
    return `Not a valid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}`;
  }
}

/** What is wrong with a constraint before it is sent, per field; empty when it may be saved. */
export function constraintProblems(constraint: Constraint): { contextName?: string; value?: string } {
  const problems: { contextName?: string; value?: string } = {};
  if (!constraint.contextName) problems.contextName = 'Choose a context field';
  const info = operatorInfo(constraint.operator);
  const values = (constraint.values ?? []).map((v) => v.trim()).filter(Boolean);
  const value = (constraint.value ?? '').trim();
  switch (info.kind) {
    case 'list':
      if (values.length === 0) problems.value = 'Add at least one value';
      else if (values.some((v) => v.length > 100))
        problems.value = 'Each value can have at most 100 characters';
      break;
    case 'cidr': {
      const bad = values.find((v) => !isIpOrCidr(v));
      if (values.length === 0) problems.value = 'Add at least one IP address or CIDR range';
      else if (bad) problems.value = `"${bad}" is not an IP address or CIDR range`;
      break;
    }
    case 'number':
      if (!value || !Number.isFinite(Number(value))) problems.value = 'Enter a number';
      break;
    case 'date':
      if (!value || Number.isNaN(Date.parse(value))) problems.value = 'Pick a date and time';
      break;
    case 'semver':
      if (!SEMVER.test(value))
        problems.value = value.startsWith('v')
          ? 'Leave out the leading "v": 1.2.3'
          : 'Enter a semantic version such as 1.2.3 or 2.0.0-beta.1';
      break;
    case 'regex':
      problems.value = value ? regexProblem(value) : 'Enter a regular expression';
      if (!problems.value && constraint.inverted) problems.value = 'A regex constraint cannot be inverted';
      break;
  }
  return problems;
}

export function isConstraintValid(constraint: Constraint): boolean {
  const p = constraintProblems(constraint);
  return !p.contextName && !p.value;
}
