import { Badge, Group, Modal, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { CommandEntry, CommandKind } from './match-entries.ts';

const KIND_LABELS: Record<CommandKind, string> = {
  flag: 'Flag',
  project: 'Project',
  segment: 'Segment',
  screen: 'Screen',
  action: 'Action',
};

/** The next active option for a key, wrapping at both ends; undefined for keys the list does not handle. */
export function nextActive(key: string, active: number, count: number): number | undefined {
  if (count === 0) return undefined;
  if (key === 'ArrowDown') return (active + 1) % count;
  if (key === 'ArrowUp') return (active - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * The command menu's dialog: a combobox whose listbox shows `entries` for what is typed. Arrows move the active
 * option (focus stays in the input, as the ARIA combobox pattern asks), Enter chooses it, Escape closes.
 */
export function CommandMenuDialog({
  opened,
  query,
  entries,
  onQuery,
  onChoose,
  onClose,
}: {
  opened: boolean;
  query: string;
  entries: CommandEntry[];
  onQuery: (query: string) => void;
  onChoose: (entry: CommandEntry) => void;
  onClose: () => void;
}) {
  const listId = useId();
  const [active, setActive] = useState(0);
  // A new list starts at its best match.
  useEffect(() => setActive(0), [entries]);
  const current = entries[Math.min(active, entries.length - 1)];
  const optionId = (entry: CommandEntry) => `${listId}-${entry.id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = nextActive(event.key, active, entries.length);
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
      document.getElementById(optionId(entries[next]!))?.scrollIntoView?.({ block: 'nearest' });
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      onChoose(current);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Go to or do" size="lg" yOffset="10vh">
      <TextInput
        data-autofocus
        aria-label="Search flags, projects, segments, screens and actions"
        placeholder="Type a flag, project, screen or action"
        value={query}
        onChange={(e) => onQuery(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={entries.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current ? optionId(current) : undefined}
        mb="sm"
      />
      <div role="listbox" id={listId} aria-label="Results" style={{ maxHeight: '50vh', overflowY: 'auto' }}>
        {entries.map((entry, index) => (
          <UnstyledButton
            component="div"
            key={entry.id}
            id={optionId(entry)}
            role="option"
            aria-selected={index === active}
            tabIndex={-1}
            onMouseMove={() => setActive(index)}
            onClick={() => onChoose(entry)}
            w="100%"
            px="sm"
            py={6}
            style={{
              borderRadius: 'var(--mantine-radius-sm)',
              background: index === active ? 'var(--mantine-color-default-hover)' : undefined,
            }}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" truncate>
                {entry.label}
                {entry.detail && (
                  <Text span size="xs" c="dimmed" ml="xs">
                    {entry.detail}
                  </Text>
                )}
              </Text>
              <Badge variant="light" color="gray" size="sm">
                {KIND_LABELS[entry.kind]}
              </Badge>
            </Group>
          </UnstyledButton>
        ))}
      </div>
      {entries.length === 0 && (
        <Text size="sm" c="dimmed" role="status">
          Nothing matches “{query}”.
        </Text>
      )}
    </Modal>
  );
}
