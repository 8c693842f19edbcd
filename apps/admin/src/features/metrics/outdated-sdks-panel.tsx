import { Alert, List, Text } from '@mantine/core';
import { useOutdatedSdks } from './use-application-overview.ts';

/** A warning above the applications when some still run SDK versions too old for everything to work. */
export function OutdatedSdksPanel() {
  const outdated = useOutdatedSdks();
  if (!outdated.data?.length) return null;
  return (
    <Alert color="yellow" title="Outdated SDKs" mb="md">
      <Text size="sm" mb="xs">
        These applications run SDK versions that are too old for some features; upgrade them.
      </Text>
      <List size="sm">
        {outdated.data.map((sdk) => (
          <List.Item key={sdk.sdkVersion}>
            {sdk.sdkVersion}: {sdk.applications.join(', ')}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
