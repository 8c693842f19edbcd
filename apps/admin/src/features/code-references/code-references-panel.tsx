import { Anchor, Badge, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { useCodeReferences } from './use-code-references.ts';

/** The flag page's "Code references" section: each call site found by `switchyard refs`, by repository and branch. */
export function CodeReferencesPanel({ projectId, flagName }: { projectId: string; flagName: string }) {
  const references = useCodeReferences(projectId, flagName);
  return (
    <Stack>
      <Title order={3}>Code references</Title>
      <QueryState
        query={references}
        label="code references"
        isEmpty={(d) => d.length === 0}
        empty={
          <EmptyState>
            No code names this flag in the repositories scanned. Run <Code>switchyard refs --upload</Code> in
            a repository to see where it is used.
          </EmptyState>
        }
      >
        {(data) => {
          const groups = new Map<string, typeof data>();
          for (const r of data)
            groups.set(`${r.repository}\u0000${r.branch}`, [
              ...(groups.get(`${r.repository}\u0000${r.branch}`) ?? []),
              r,
            ]);
          return (
            <Stack>
              {[...groups.values()].map((group) => {
                const first = group[0]!;
                return (
                  <Stack key={`${first.repository} ${first.branch}`} gap="xs">
                    <Group gap="xs">
                      <Text fw={600}>{first.repository}</Text>
                      <Badge variant="light">{first.branch}</Badge>
                      {first.commit && <Code>{first.commit.slice(0, 7)}</Code>}
                      <Text size="xs" c="dimmed">
                        scanned {new Date(first.scannedAt).toLocaleString()}
                      </Text>
                    </Group>
                    <Table aria-label={`References in ${first.repository} on ${first.branch}`}>
                      <Table.Tbody>
                        {group.map((r) => {
                          const place = `${r.file}:${r.line}${r.column ? `:${r.column}` : ''}`;
                          return (
                            <Table.Tr key={place}>
                              <Table.Td>
                                {r.url ? (
                                  <Anchor href={r.url} target="_blank" rel="noreferrer">
                                    {place}
                                  </Anchor>
                                ) : (
                                  <Text size="sm">{place}</Text>
                                )}
                              </Table.Td>
                              <Table.Td>{r.method && <Code>{r.method}</Code>}</Table.Td>
                            </Table.Tr>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  </Stack>
                );
              })}
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}
