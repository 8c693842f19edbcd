/**
 * The JSON Schema of the flags-as-code files, for editors (`# yaml-language-server: $schema=...` at the top of each
 * file) and for checking the files before a plan: one source for both. Written to every exported directory and to
 * the docs site's static folder (scripts/write-generated.ts keeps that copy current).
 */
type Schema = Record<string, unknown>;

const OPERATORS = [
  'IN',
  'NOT_IN',
  'STR_ENDS_WITH',
  'STR_STARTS_WITH',
  'STR_CONTAINS',
  'IN_CIDR',
  'NUM_EQ',
  'NUM_GT',
  'NUM_GTE',
  'NUM_LT',
  'NUM_LTE',
  'DATE_AFTER',
  'DATE_BEFORE',
  'SEMVER_EQ',
  'SEMVER_GT',
  'SEMVER_GTE',
  'SEMVER_LT',
  'SEMVER_LTE',
  'REGEX',
];

const str = (description: string, extra: Schema = {}): Schema => ({ type: 'string', description, ...extra });
const bool = (description: string): Schema => ({ type: 'boolean', description });
const list = (items: Schema, description: string): Schema => ({ type: 'array', items, description });
const object = (properties: Record<string, Schema>, required: string[], description: string): Schema => ({
  type: 'object',
  description,
  properties,
  required,
  additionalProperties: false,
});
const ref = (name: string): Schema => ({ $ref: `#/$defs/${name}` });

export const SCHEMA_FILE = 'switchyard.schema.json';

export const FLAGS_SCHEMA: Schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://switchyard.dev/schemas/flags-as-code.schema.json',
  title: 'Switchyard flags as code',
  description:
    'A file of a directory written by `switchyard export`: switchyard.yaml, flags/<name>.yaml, segments.yaml or context-fields.yaml.',
  anyOf: [ref('manifest'), ref('flag'), ref('segmentsFile'), ref('contextFieldsFile')],
  $defs: {
    manifest: object(
      { project: str('The project these flags belong to.', { minLength: 1 }) },
      ['project'],
      'switchyard.yaml: which project the directory describes.',
    ),
    constraint: object(
      {
        contextName: str('The context field to compare.', { minLength: 1 }),
        operator: str('How to compare.', { enum: OPERATORS }),
        values: list({ type: 'string' }, 'For IN, NOT_IN, STR_* and IN_CIDR.'),
        value: str('For NUM_*, DATE_*, SEMVER_* and REGEX.'),
        inverted: bool('Negates the result.'),
        caseInsensitive: bool('For STR_* and REGEX.'),
      },
      ['contextName', 'operator'],
      'A constraint: the strategy or segment applies only where it holds.',
    ),
    variant: object(
      {
        name: str('The variant name SDKs receive.', { minLength: 1 }),
        weight: {
          type: 'integer',
          minimum: 0,
          maximum: 1000,
          description: 'Out of 1000; computed for variable variants.',
        },
        weightType: str('`variable` shares what fixed variants leave; `fix` keeps its weight.', {
          enum: ['variable', 'fix'],
        }),
        stickiness: str('The context field that keeps a user on one variant (`default`).'),
        payload: object(
          { type: str('string, json, csv or number.'), value: str('The payload itself.') },
          ['type', 'value'],
          'Data SDKs receive with the variant.',
        ),
        overrides: list(
          object(
            {
              contextName: str('The context field.'),
              values: list({ type: 'string' }, 'Values that get this variant.'),
            },
            ['contextName', 'values'],
            'Gives this variant to these values.',
          ),
          'Overrides (flag variants only).',
        ),
      },
      ['name'],
      'A variant.',
    ),
    strategy: object(
      {
        name: str(
          'The strategy type: flexibleRollout, default, userWithId, remoteAddress, applicationHostname or a custom one.',
          { minLength: 1 },
        ),
        title: str('A label for people.'),
        disabled: bool('Kept but not evaluated.'),
        parameters: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Strategy parameters, as strings (rollout: "50", stickiness, groupId).',
        },
        constraints: list(ref('constraint'), 'All must hold.'),
        segments: list({ type: 'string' }, 'Segment names; every segment must hold too.'),
        variants: list(
          ref('variant'),
          'Strategy variants: these win over the flag variants where this strategy matches.',
        ),
      },
      ['name'],
      'An activation strategy; the flag is on for a context when any strategy matches.',
    ),
    environment: object(
      {
        enabled: bool('Whether the flag is on in this environment.'),
        strategies: list(ref('strategy'), 'In evaluation order.'),
        variants: list(ref('variant'), 'The flag variants in this environment.'),
      },
      ['enabled'],
      'The flag in one environment.',
    ),
    flag: object(
      {
        name: str('The flag name; the file is flags/<name>.yaml.', { minLength: 1, maxLength: 100 }),
        type: str('release, experiment, operational, kill-switch or permission.', { minLength: 1 }),
        description: str('What the flag is for.'),
        impressionData: bool('SDKs emit impression events.'),
        stale: bool('Marked stale: due for removal.'),
        environments: {
          type: 'object',
          additionalProperties: ref('environment'),
          description: 'By environment name.',
        },
      },
      ['name', 'type', 'environments'],
      'flags/<name>.yaml: one flag.',
    ),
    segment: object(
      {
        name: str('Unique among all segments; strategies name it.', { minLength: 1 }),
        description: str('What the segment is.'),
        project: str('The project it is limited to; global when absent.'),
        constraints: list(ref('constraint'), 'All must hold.'),
      },
      ['name', 'constraints'],
      'A segment: a named list of constraints strategies share.',
    ),
    segmentsFile: object({ segments: list(ref('segment'), 'By name.') }, ['segments'], 'segments.yaml.'),
    contextField: object(
      {
        name: str('The field name, as SDKs send it.', { minLength: 1, pattern: '^[A-Za-z0-9._~-]+$' }),
        description: str('What the field holds.'),
        stickiness: bool('Offered as stickiness.'),
        legalValues: list(
          object(
            { value: str('A value.', { minLength: 1 }), description: str('What it means.') },
            ['value'],
            'A legal value.',
          ),
          'The values the field may take (also the sample the plan evaluates).',
        ),
      },
      ['name'],
      'A context field.',
    ),
    contextFieldsFile: object(
      { contextFields: list(ref('contextField'), 'By name.') },
      ['contextFields'],
      'context-fields.yaml.',
    ),
  },
};

/** Problems of a value against one definition of the schema, each naming its place: `environments.production.enabled`. */
export function validate(value: unknown, definition: string): string[] {
  const defs = FLAGS_SCHEMA.$defs as Record<string, Schema>;
  const problems: string[] = [];
  const check = (schema: Schema, v: unknown, at: string) => {
    if (schema.$ref) return check(defs[String(schema.$ref).replace('#/$defs/', '')]!, v, at);
    const where = at || '(top level)';
    const type = schema.type as string | undefined;
    const actual = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
    if (type === 'integer' ? !Number.isInteger(v) : type && actual !== type) {
      problems.push(
        `${where}: must be ${type === 'array' || type === 'object' || type === 'integer' ? 'an' : 'a'} ${type}, not ${actual === 'object' ? 'an object' : JSON.stringify(v)}`,
      );
      return;
    }
    if (schema.enum && !(schema.enum as unknown[]).includes(v))
      problems.push(
        `${where}: must be one of ${(schema.enum as string[]).join(', ')}, not ${JSON.stringify(v)}`,
      );
    if (typeof v === 'string') {
      if (typeof schema.minLength === 'number' && v.length < schema.minLength)
        problems.push(`${where}: must not be empty`);
      if (typeof schema.maxLength === 'number' && v.length > schema.maxLength)
        problems.push(`${where}: must be at most ${schema.maxLength} characters`);
      if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(v))
        problems.push(`${where}: must match ${schema.pattern}`);
    }
    if (typeof v === 'number') {
      if (typeof schema.minimum === 'number' && v < schema.minimum)
        problems.push(`${where}: must be at least ${schema.minimum}`);
      if (typeof schema.maximum === 'number' && v > schema.maximum)
        problems.push(`${where}: must be at most ${schema.maximum}`);
    }
    if (actual === 'array' && schema.items)
      (v as unknown[]).forEach((item, i) => check(schema.items as Schema, item, `${at}[${i}]`));
    if (actual === 'object') {
      const record = v as Record<string, unknown>;
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      for (const name of (schema.required ?? []) as string[])
        if (record[name] === undefined) problems.push(`${at ? `${at}.` : ''}${name}: is required`);
      for (const [name, item] of Object.entries(record)) {
        const path = at ? `${at}.${name}` : name;
        if (properties[name]) check(properties[name], item, path);
        else if (schema.additionalProperties === false) problems.push(`${path}: is not a known field`);
        else if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
          check(schema.additionalProperties as Schema, item, path);
      }
    }
  };
  check(defs[definition]!, value, '');
  return problems;
}
