import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { CommandMenuDialog, nextActive } from './command-menu-dialog.tsx';
import { matchEntries, type CommandEntry } from './match-entries.ts';

const ENTRIES: CommandEntry[] = [
  {
    id: 'flag:web:checkout',
    kind: 'flag',
    label: 'checkout',
    detail: 'web',
    to: '/projects/web/flags/checkout',
  },
  { id: 'project:web', kind: 'project', label: 'Web shop', detail: 'web', to: '/projects/web' },
  { id: 'screen:/segments', kind: 'screen', label: 'Segments', detail: 'Configure', to: '/segments' },
];

function Harness({ onChoose }: { onChoose: (entry: CommandEntry) => void }) {
  const [query, setQuery] = useState('');
  return (
    <CommandMenuDialog
      opened
      query={query}
      entries={matchEntries(ENTRIES, query)}
      onQuery={setQuery}
      onChoose={onChoose}
      onClose={() => {}}
    />
  );
}

describe('nextActive', () => {
  it('wraps arrows at both ends and ignores other keys', () => {
    expect(nextActive('ArrowDown', 2, 3)).toBe(0);
    expect(nextActive('ArrowUp', 0, 3)).toBe(2);
    expect(nextActive('End', 0, 3)).toBe(2);
    expect(nextActive('a', 0, 3)).toBeUndefined();
    expect(nextActive('ArrowDown', 0, 0)).toBeUndefined();
  });
});

describe('command menu dialog', () => {
  it('is a dialog holding a combobox that points at its active option', async () => {
    renderUi(<Harness onChoose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Go to or do' })).toBeTruthy();
    const input = screen.getByRole('combobox');
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(3);
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('filters as one types, moves with the arrows and chooses with Enter', async () => {
    const onChoose = vi.fn();
    renderUi(<Harness onChoose={onChoose} />);
    const input = screen.getByRole('combobox');
    await userEvent.type(input, 'web');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      expect.stringContaining('Web shop'),
      expect.stringContaining('checkout'),
    ]);
    await userEvent.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ label: 'Web shop' }));
  });

  it('says when nothing matches', async () => {
    renderUi(<Harness onChoose={vi.fn()} />);
    await userEvent.type(screen.getByRole('combobox'), 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toContain('Nothing matches');
  });
});
