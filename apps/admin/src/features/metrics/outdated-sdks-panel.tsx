import { Alert, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** A warning above the applications when some still run SDK versions too old for everything to work. */
export function OutdatedSdksPanel() {
  const outdated = useQuery({
    queryKey: ['applications', 'outdated-sdks'],
    queryFn: async () => (await call('getOutdatedSdks')).sdks,
  });
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
