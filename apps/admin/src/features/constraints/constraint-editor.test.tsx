import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Constraint } from '../../api/wire.ts';
import type { ContextField } from '../../api/wire.ts';
import { renderUi } from '../../testing/render.tsx';
import { buildConstraint, buildContextField } from '../../testing/wire-builders.ts';
import { ConstraintListEditor } from './constraint-list-editor.tsx';

const fields: ContextField[] = [
  buildContextField({ name: 'userId' }),
  buildContextField({ name: 'email' }),
  buildContextField({ name: 'country', legalValues: [{ value: 'NO' }, { value: 'SE' }] }),
  buildContextField({ name: 'appVersion' }),
];

let latest: Constraint[] = [];
function Harness({ initial, showProblems = false }: { initial: Constraint[]; showProblems?: boolean }) {
  const [constraints, setConstraints] = useState(initial);
  latest = constraints;
  return (
    <ConstraintListEditor
      constraints={constraints}
      contextFields={fields}
      showProblems={showProblems}
      onChange={setConstraints}
    />
  );
}

async function pick(label: string, option: string | RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('constraint editor', () => {
  it('builds a list constraint with a context field, values and the case-insensitive and invert switches', async () => {
    renderUi(<Harness initial={[]} />);
    expect(screen.getByText(/No constraints/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add constraint' }));
    await pick('Context field 1', 'email');
    await pick('Operator 1', /ends with/);
    await userEvent.type(screen.getByRole('combobox', { name: 'Value 1' }), '@example.com,');
    await userEvent.click(screen.getByRole('switch', { name: 'Case-insensitive' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Invert (NOT)' }));
    expect(latest).toEqual([
      {
        contextName: 'email',
        operator: 'STR_ENDS_WITH',
        values: ['@example.com'],
        caseInsensitive: true,
        inverted: true,
      },
    ]);
    expect(screen.getByText('Matches when email not ending in @example.com (any case)')).toBeTruthy();
  });

  it('offers legal values for a field that has them', async () => {
    renderUi(<Harness initial={[buildConstraint({ contextName: 'country', operator: 'IN', values: [] })]} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Value 1' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SE' }));
    expect(latest[0]!.values).toEqual(['SE']);
  });

  it('types the value per operator: a version keeps the first list entry, then is checked as semver', async () => {
    renderUi(
      <Harness
        initial={[buildConstraint({ contextName: 'appVersion', operator: 'IN', values: ['v2.0.0'] })]}
        showProblems
      />,
    );
    await pick('Operator 1', /version ≥/);
    const value = screen.getByRole('textbox', { name: 'Value 1' });
    expect((value as HTMLInputElement).value).toBe('v2.0.0');
    expect(screen.getByText(/no leading "v"/)).toBeTruthy();
    await userEvent.clear(value);
    await userEvent.type(value, '2.0.0');
    expect(screen.queryByText(/no leading "v"/)).toBeNull();
    expect(latest[0]).toMatchObject({ operator: 'SEMVER_GTE', value: '2.0.0', values: [] });
    // Versions have no case: the switch is gone.
    expect(screen.queryByRole('switch', { name: 'Case-insensitive' })).toBeNull();
  });

  it('lets a regex be inverted, as the server does, and flags an invalid pattern', async () => {
    renderUi(
      <Harness
        initial={[buildConstraint({ contextName: 'email', operator: 'REGEX', value: '(a' })]}
        showProblems
      />,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Invert (NOT)' }));
    expect(latest[0]!.inverted).toBe(true);
    expect(screen.getByText(/not a valid RE2 regular expression/)).toBeTruthy();
  });

  it('shows a date picker with a time zone and stores the instant', async () => {
    renderUi(
      <Harness
        initial={[buildConstraint({ contextName: 'currentTime', operator: 'DATE_AFTER', value: '' })]}
      />,
    );
    await pick('Time zone', 'UTC');
    const input = screen.getByLabelText('Value 1');
    expect(input.getAttribute('type')).toBe('datetime-local');
    await userEvent.type(input, '2030-05-01T10:30');
    expect(latest[0]!.value).toBe('2030-05-01T10:30:00.000Z');
  });

  it('checks numbers and IP ranges, and removes a constraint', async () => {
    renderUi(
      <Harness
        initial={[
          buildConstraint({ contextName: 'userId', operator: 'NUM_GT', value: 'ten' }),
          buildConstraint({ contextName: 'userId', operator: 'IN_CIDR', values: ['10.0.0.0/40'] }),
        ]}
        showProblems
      />,
    );
    expect(screen.getByText('"ten" is not a number')).toBeTruthy();
    expect(screen.getByText(/"10.0.0.0\/40" is not an IP address/)).toBeTruthy();
    const second = screen.getByRole('group', { name: 'Constraint 2' });
    await userEvent.click(within(second).getByRole('button', { name: 'Remove constraint 2' }));
    expect(latest).toHaveLength(1);
  });
});
