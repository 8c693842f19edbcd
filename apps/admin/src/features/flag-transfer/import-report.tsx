import { Alert, List, Stack, Text } from '@mantine/core';
import type { ImportFinding, ImportReport } from './use-flag-transfer.ts';

function Findings({ title, color, findings }: { title: string; color: string; findings: ImportFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <Alert
      color={color}
      title={title}
      role="region"
      aria-label={title}
      // The tinted title is below AA contrast on the tinted background; the body text colour is not.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <List size="sm" spacing={4}>
        {findings.map((finding) => (
          <List.Item key={finding.message}>
            {finding.message} {finding.affectedItems.join(', ')}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The server's check of an import: what stops it, what the caller may not do, and what it will overwrite. */
export function ImportReportView({
  report,
  flagCount,
  environment,
}: {
  report: ImportReport;
  flagCount: number;
  environment: string;
}) {
  const clean = report.errors.length + report.permissions.length === 0;
  return (
    <Stack gap="xs">
      <Findings title="Errors" color="red" findings={report.errors} />
      <Findings title="Missing permissions" color="red" findings={report.permissions} />
      <Findings title="Warnings" color="orange" findings={report.warnings} />
      {clean && (
        <Text size="sm" role="status">
          Ready: {flagCount} flag{flagCount === 1 ? '' : 's'} will be imported into {environment}.
        </Text>
      )}
    </Stack>
  );
}
