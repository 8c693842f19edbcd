import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render.tsx';
import { PageHeader } from './page-header.tsx';

describe('PageHeader', () => {
  it('keeps its buttons on one row that does not shrink', () => {
    renderUi(
      <PageHeader
        title="Users"
        description="Who can sign in, and with which root role."
        actions={
          <>
            <button type="button">Add user</button>
            <button type="button">Invite link</button>
          </>
        }
      />,
    );
    const actions = screen.getByTestId('page-actions');
    expect(actions.style.getPropertyValue('--group-wrap')).toBe('nowrap');
    expect(actions.style.flexShrink).toBe('0');
    expect(actions.textContent).toBe('Add userInvite link');
  });
});
