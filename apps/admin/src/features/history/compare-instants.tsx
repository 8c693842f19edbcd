import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Fragment, useState } from 'react';
import { FlagDiff } from './flag-diff.tsx';
import { fromLocalInput } from './instant.ts';
import { useCompareInstants, useStateAt } from './use-history.ts';

/**
 * Two instants side by side: which flags changed between them, how many sampled users gained or lost each, and for
 * each flag its changed parts before and after (the diff view).
 */
export function CompareInstants({ environments }: { environments: string[] }) {
  const [environment, setEnvironment] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const compare = useCompareInstants();
  const chosen = environment ?? environments[0] ?? '';
  const [open, setOpen] = useState<string | null>(null);
  const before = useStateAt(chosen, open ? compare.data?.from.at : undefined);
  const after = useStateAt(chosen, open ? compare.data?.to.at : undefined);
  const featureIn = (state: typeof before.data, name: string) =>
    state?.features.find((f) => f.name === name) as Record<string, unknown> | undefined;
  const fromAt = fromLocalInput(from);
  const toAt = fromLocalInput(to) ?? new Date().toISOString();
  const counts = new Map<string, { gained: number; lost: number }>();
  for (const person of compare.data?.contexts ?? []) {
    for (const flag of person.gained)
      counts.set(flag, {
        ...(counts.get(flag) ?? { gained: 0, lost: 0 }),
        gained: (counts.get(flag)?.gained ?? 0) + 1,
      });
    for (const flag of person.lost)
      counts.set(flag, {
        ...(counts.get(flag) ?? { gained: 0, lost: 0 }),
        lost: (counts.get(flag)?.lost ?? 0) + 1,
      });
  }
  return (
    <Paper withBorder p="md" mt="md" aria-label="Compare two instants" component="section">
      <Stack>
        <Title order={3}>Compare two instants</Title>
        <Group align="flex-end">
          <Select
            label="Environment"
            data={environments}
            value={chosen}
            onChange={setEnvironment}
            allowDeselect={false}
          />
          <TextInput
            type="datetime-local"
            step={1}
            label="From"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            step={1}
            label="To"
            placeholder="now"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
          <Button
            disabled={!fromAt || !chosen}
            loading={compare.isPending}
            onClick={() =>
              fromAt && compare.mutate({ environment: chosen, from: fromAt, to: toAt, sample: 200 })
            }
          >
            Compare
          </Button>
        </Group>
        {compare.error && <Alert color="red">{compare.error.message}</Alert>}
        {compare.data &&
          (compare.data.flags.length === 0 ? (
            <Text c="dimmed">Nothing SDKs were served changed between these instants.</Text>
          ) : (
            <Table aria-label="Changed flags">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Flag</Table.Th>
                  <Table.Th>Change</Table.Th>
                  <Table.Th>Sampled users ({compare.data.contextsCompared})</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {compare.data.flags.map((flag) => (
                  <Fragment key={flag.name}>
                    <Table.Tr>
                      <Table.Td>{flag.name}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          <Badge variant="light">{flag.change}</Badge>
                          {flag.parts.map((part) => (
                            <Badge key={part} variant="outline" color="gray">
                              {part}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        +{counts.get(flag.name)?.gained ?? 0} / −{counts.get(flag.name)?.lost ?? 0}
                      </Table.Td>
                      <Table.Td>
                        <Button
                          variant="subtle"
                          size="xs"
                          onClick={() => setOpen(open === flag.name ? null : flag.name)}
                        >
                          {open === flag.name ? 'Hide diff' : 'Show diff'}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                    {open === flag.name && (
                      <Table.Tr>
                        <Table.Td colSpan={4}>
                          {before.data && after.data ? (
                            <FlagDiff
                              name={flag.name}
                              before={featureIn(before.data, flag.name)}
                              after={featureIn(after.data, flag.name)}
                              parts={flag.parts}
                            />
                          ) : (
                            <Text c="dimmed">
                              {before.error || after.error ? 'Could not load the instants.' : 'Loading…'}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          ))}
      </Stack>
    </Paper>
  );
}
