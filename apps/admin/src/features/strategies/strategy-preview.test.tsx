import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StrategyDraft } from '../../api/wire.ts';
import { renderUi } from '../../testing/render.tsx';
import { buildConstraint } from '../../testing/wire-builders.ts';
import { newStrategy } from './strategy-model.ts';
import { StrategyPreview } from './strategy-preview.tsx';

const count = () => screen.getByTestId('strategy-preview-count').textContent;
const sample = (userId: string) =>
  within(screen.getByRole('list', { name: 'Sample users' })).getByLabelText(userId);

function rollout(percent: string, extra: Partial<StrategyDraft> = {}): StrategyDraft {
  const strategy = newStrategy('flexibleRollout', 'checkout');
  return { ...strategy, parameters: { ...strategy.parameters, rollout: percent }, ...extra };
}

describe('strategy preview', () => {
  it('follows the rollout from nobody to everyone', () => {
    const { rerender } = renderUi(
      <StrategyPreview strategy={rollout('0')} flagName="checkout" segments={[]} />,
    );
    expect(count()).toBe('0 of 10 sample users get the flag');
    expect(sample('user-1').textContent).toContain('Off');
    expect(sample('user-1').textContent).toContain('outside the 0% rollout');
    rerender(<StrategyPreview strategy={rollout('100')} flagName="checkout" segments={[]} />);
    expect(count()).toBe('10 of 10 sample users get the flag');
    expect(sample('user-1').textContent).toContain('inside the 100% rollout');
  });

  it('shows which users a constraint leaves out, and why', async () => {
    const strategy = rollout('100', {
      constraints: [buildConstraint({ contextName: 'userId', operator: 'NOT_IN', values: ['user-3'] })],
    });
    renderUi(<StrategyPreview strategy={strategy} flagName="checkout" segments={[]} />);
    expect(count()).toBe('9 of 10 sample users get the flag');
    expect(sample('user-3').textContent).toContain('Off');
    expect(sample('user-3').textContent).toContain('constraint on userId fails');
    expect(sample('user-4').textContent).toContain('On');
    // The samples are editable.
    await userEvent.type(screen.getByRole('combobox', { name: 'Sample user ids' }), 'alice,');
    expect(count()).toBe('10 of 11 sample users get the flag');
  });

  it('asks for the other fields the constraints read and applies them to every sample', async () => {
    const strategy = rollout('100', {
      constraints: [
        buildConstraint({ contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'] }),
      ],
    });
    renderUi(<StrategyPreview strategy={strategy} flagName="checkout" segments={[]} />);
    expect(count()).toBe('0 of 10 sample users get the flag');
    await userEvent.type(screen.getByRole('textbox', { name: 'email for every sample' }), 'a@example.com');
    expect(count()).toBe('10 of 10 sample users get the flag');
  });
});
