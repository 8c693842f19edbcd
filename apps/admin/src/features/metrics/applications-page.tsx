import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';
import { OutdatedSdksPanel } from './outdated-sdks-panel.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { useApplications } from './use-metrics.ts';
import { when } from '../../ui/format.ts';

/** Every application whose SDK registered or reported usage, by its appName. */
export function ApplicationsPage() {
  const applications = useApplications();
  return (
    <>
      <PageHeader
        title="Applications"
        description="The applications your SDKs run in, by the appName they report, with when they were last heard from."
      />
      <OutdatedSdksPanel />
      <QueryState
        query={applications}
        label="applications"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState>
            No application has connected yet. An SDK appears here when it starts with a client or frontend
            token.
          </EmptyState>
        }
      >
        {(list) => (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Application</Table.Th>
                <Table.Th>Last seen</Table.Th>
                <Table.Th>First seen</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((app) => (
                <Table.Tr key={app.appName}>
                  <Table.Td>
                    <Anchor component={Link} to={`/applications/${encodeURIComponent(app.appName)}`}>
                      {app.appName}
                    </Anchor>
                    {app.description && (
                      <Text size="xs" c="dimmed">
                        {app.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{when(app.seenAt)}</Table.Td>
                  <Table.Td>{when(app.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </>
  );
}
