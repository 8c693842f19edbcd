import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Segment, StrategyDraft } from '../../api/wire.ts';
import type { StrategyDefinition } from '../../api/wire.ts';
import { renderUi } from '../../testing/render.tsx';
import {
  buildConstraint,
  buildContextField,
  buildParameter,
  buildSegment,
  buildStrategyDefinition,
} from '../../testing/wire-builders.ts';
import { StrategyEditor } from './strategy-editor.tsx';
import { BUILT_IN_STRATEGIES, definitionFor, newStrategy, strategyProblems } from './strategy-model.ts';

const definitions: StrategyDefinition[] = [
  ...BUILT_IN_STRATEGIES,
  buildStrategyDefinition({
    name: 'region',
    title: 'By region',
    description: 'On in the listed regions',
    parameters: [
      buildParameter({ name: 'regions', type: 'list', required: true }),
      buildParameter({ name: 'share', type: 'percentage' }),
      buildParameter({ name: 'beta', type: 'boolean' }),
      buildParameter({ name: 'note', type: 'string' }),
    ],
  }),
];
const segments: Segment[] = [buildSegment({ id: 3, name: 'beta-testers' })];

let latest: StrategyDraft;
function Harness({ initial, showProblems = false }: { initial: StrategyDraft; showProblems?: boolean }) {
  const [strategy, setStrategy] = useState(initial);
  latest = strategy;
  const definition = definitions.find((d) => d.name === strategy.name);
  return (
    <StrategyEditor
      strategy={strategy}
      flagName="checkout"
      definitions={definitions}
      contextFields={[
        buildContextField({ name: 'email' }),
        buildContextField({ name: 'tenant', stickiness: true }),
      ]}
      segments={segments}
      stickinessOptions={['default', 'userId', 'sessionId', 'random', 'tenant']}
      errors={showProblems ? strategyProblems(strategy, definition) : {}}
      showProblems={showProblems}
      canChangeType
      onChange={setStrategy}
    />
  );
}

const summary = () => screen.getByTestId('strategy-summary').textContent;

async function pick(label: string, option: string | RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('strategy editor', () => {
  it('sets a gradual rollout: percentage, stickiness and group id, with a live summary', async () => {
    renderUi(<Harness initial={newStrategy('flexibleRollout', 'checkout')} />);
    expect(summary()).toBe('100% of users');
    const percent = screen.getByRole('textbox', { name: 'Rollout percentage' });
    await userEvent.clear(percent);
    await userEvent.type(percent, '35');
    expect(latest.parameters.rollout).toBe('35');
    // The slider follows, and moves the value too.
    const slider = screen.getByRole('slider');
    expect(slider.getAttribute('aria-valuenow')).toBe('35');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(latest.parameters.rollout).toBe('36');
    await pick('Stickiness', 'sessionId');
    expect(summary()).toBe('36% of sessions');
    expect((screen.getByRole('textbox', { name: 'Group id' }) as HTMLInputElement).value).toBe('checkout');
  });

  it('adds constraints and a segment, and says so in the summary', async () => {
    renderUi(<Harness initial={newStrategy('flexibleRollout', 'checkout')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add constraint' }));
    await pick('Context field 1', 'email');
    await pick('Operator 1', /ends with/);
    await userEvent.type(screen.getByRole('combobox', { name: 'Value 1' }), '@example.com,');
    await pick('Segments', 'beta-testers');
    expect(latest.segments).toEqual([3]);
    expect(summary()).toBe('100% of users with email ending in @example.com, in segment beta-testers');
  });

  it('keeps strategy variant weights at 100% as variants are added and fixed', async () => {
    renderUi(<Harness initial={newStrategy('default', 'checkout')} />);
    const add = screen.getByRole('button', { name: 'Add variant' });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.click(add);
    expect(latest.variants!.map((v) => v.weight)).toEqual([334, 333, 333]);
    const first = screen.getByRole('group', { name: 'Variant 1' });
    await userEvent.click(within(first).getByRole('switch', { name: 'Fixed weight' }));
    const weight = within(first).getByRole('textbox', { name: 'Variant 1 weight (%)' });
    await userEvent.clear(weight);
    await userEvent.type(weight, '50');
    expect(latest.variants!.map((v) => v.weight)).toEqual([500, 250, 250]);
    expect(screen.getByLabelText('Variant 2 weight').textContent).toBe('25%');
    await pick('Variant 2 payload type', 'JSON');
    const payload = screen.getByRole('textbox', { name: 'Variant 2 payload' });
    await userEvent.type(payload, '{{"color": ');
    expect(screen.getByText(/Not valid JSON/)).toBeTruthy();
    await userEvent.type(payload, '"blue"}');
    expect(screen.queryByText(/Not valid JSON/)).toBeNull();
    expect(latest.variants![1]!.payload).toEqual({ type: 'json', value: '{"color": "blue"}' });
  });

  it('lists user ids, and asks for the parameters of a custom strategy from its definition', async () => {
    renderUi(<Harness initial={newStrategy('userWithId', 'checkout')} showProblems />);
    await userEvent.type(screen.getByRole('combobox', { name: 'User ids' }), '17,42,');
    expect(latest.parameters.userIds).toBe('17,42');
    expect(summary()).toBe('Users with id 17 or 42');

    await pick('Strategy', 'By region');
    expect(screen.getByText('On in the listed regions')).toBeTruthy();
    expect(screen.getByText('regions is required')).toBeTruthy();
    await userEvent.type(screen.getByRole('combobox', { name: 'regions' }), 'eu,us,');
    await userEvent.click(screen.getByRole('switch', { name: 'beta' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'note' }), 'hi');
    expect(latest.parameters).toMatchObject({ regions: 'eu,us', beta: 'true', note: 'hi' });
    expect(screen.queryByText('regions is required')).toBeNull();
  });

  it('reports what must be fixed before saving', () => {
    const strategy: StrategyDraft = {
      ...newStrategy('flexibleRollout', 'checkout'),
      parameters: { rollout: '150', stickiness: '', groupId: 'g' },
      constraints: [buildConstraint({ contextName: 'age', operator: 'NUM_GT', value: 'ten' })],
      variants: [{ name: 'a', weight: 1200, weightType: 'fix' }],
    };
    expect(strategyProblems(strategy, definitionFor('flexibleRollout', definitions))).toEqual({
      'parameters.rollout': 'A whole percentage from 0 to 100',
      'parameters.stickiness': 'stickiness is required',
      constraints: 'Fix the constraints marked below',
      variants: 'The "fix" weights add up to 1200, more than 1000',
    });
  });
});
