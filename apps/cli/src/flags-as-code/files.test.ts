import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorkspace, writeWorkspace } from './files.ts';
import type { Workspace } from './model.ts';

const workspace: Workspace = {
  project: 'web',
  flags: [
    {
      name: 'checkout',
      type: 'release',
      description: 'New checkout',
      environments: {
        production: {
          enabled: true,
          strategies: [
            {
              name: 'flexibleRollout',
              parameters: { stickiness: 'default', rollout: '25', groupId: 'checkout' },
              constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'], inverted: false }],
              segments: ['beta'],
            },
          ],
        },
        development: { enabled: false },
      },
    },
  ],
  segments: [{ name: 'beta', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }] }],
  contextFields: [{ name: 'region', legalValues: [{ value: 'eu' }, { value: 'us' }] }],
};

const dir = () => mkdtempSync(path.join(tmpdir(), 'switchyard-files-'));

describe('the files', () => {
  it('round-trip, in one stable form: keys in a fixed order, defaults left out', () => {
    const a = dir();
    writeWorkspace(a, workspace);
    const flag = readFileSync(path.join(a, 'flags/checkout.yaml'), 'utf8');
    expect(flag).toMatchInlineSnapshot(`
      "# yaml-language-server: $schema=../switchyard.schema.json
      # Flag checkout. Written by \`switchyard export\`; \`switchyard plan\` shows what applying would change.
      name: checkout
      type: release
      description: New checkout
      environments:
        development:
          enabled: false
        production:
          enabled: true
          strategies:
            - name: flexibleRollout
              parameters:
                groupId: checkout
                rollout: "25"
                stickiness: default
              constraints:
                - contextName: region
                  operator: IN
                  values:
                    - eu
              segments:
                - beta
      "
    `);
    const read = readWorkspace(a);
    const b = dir();
    writeWorkspace(b, read);
    for (const file of ['switchyard.yaml', 'flags/checkout.yaml', 'segments.yaml', 'context-fields.yaml'])
      expect(readFileSync(path.join(b, file), 'utf8')).toBe(readFileSync(path.join(a, file), 'utf8'));
    expect(
      JSON.parse(readFileSync(path.join(a, 'switchyard.schema.json'), 'utf8')).$defs.flag.required,
    ).toEqual(['name', 'type', 'environments']);
  });

  it('reports every problem at once, each naming its file and field', () => {
    const a = dir();
    writeWorkspace(a, workspace);
    writeFileSync(
      path.join(a, 'flags/checkout.yaml'),
      'name: checkout\ntype: release\nenvironments:\n  production:\n    enabled: "yes"\n    strategies:\n      - parameters: {}\n        colour: red\n',
    );
    writeFileSync(path.join(a, 'flags/other.yaml'), 'name: not-other\ntype: release\nenvironments: {}\n');
    writeFileSync(
      path.join(a, 'segments.yaml'),
      'segments:\n  - name: beta\n    constraints:\n      - contextName: x\n        operator: LIKE\n',
    );
    expect(() => readWorkspace(a)).toThrowError(
      [
        'the files in ' + a + ' have 5 problems:',
        '  flags/checkout.yaml: environments.production.enabled: must be a boolean, not "yes"',
        '  flags/checkout.yaml: environments.production.strategies[0].name: is required',
        '  flags/checkout.yaml: environments.production.strategies[0].colour: is not a known field',
        '  flags/other.yaml: name: is "not-other" but the file is named after "other"',
        '  segments.yaml: segments[0].constraints[0].operator: must be one of IN, NOT_IN, STR_ENDS_WITH, STR_STARTS_WITH, STR_CONTAINS, IN_CIDR, NUM_EQ, NUM_GT, NUM_GTE, NUM_LT, NUM_LTE, DATE_AFTER, DATE_BEFORE, SEMVER_EQ, SEMVER_GT, SEMVER_GTE, SEMVER_LT, SEMVER_LTE, REGEX, not "LIKE"',
      ].join('\n'),
    );
  });
});
