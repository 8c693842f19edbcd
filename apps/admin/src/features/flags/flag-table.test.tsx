import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { buildFlagSearchItem } from '../../testing/wire-builders.ts';
import { FlagTable } from './flag-table.tsx';

describe('flag table', () => {
  it('says per environment when SDKs last reported the flag', () => {
    const seen = new Date(Date.now() - 3 * 3_600_000).toISOString();
    renderUi(
      <MemoryRouter>
        <FlagTable
          projectId="web"
          flags={[
            buildFlagSearchItem({
              name: 'checkout',
              type: 'release',
              project: 'web',
              environments: [
                { name: 'development', enabled: true, lastSeenAt: seen },
                { name: 'production', enabled: false, lastSeenAt: null },
              ],
            }),
          ]}
          environments={['development', 'production']}
          selected={new Set()}
          canSelect={false}
          canToggle={() => true}
          sort={{ sortBy: 'name', sortOrder: 'asc' }}
          onSort={vi.fn()}
          onSelect={vi.fn()}
          onSelectAll={vi.fn()}
          onToggle={vi.fn()}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('seen 3 hours ago').title).toMatch(/^Last seen /);
    expect(screen.getByText('not seen')).toBeTruthy();
  });
});
