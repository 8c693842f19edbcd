import { Text } from '@mantine/core';
import { useTelemetrySettings } from './use-instance-stats.ts';

/** What the server itself says it sends home, read from its settings rather than promised by the UI. */
export function TelemetryNote() {
  const settings = useTelemetrySettings();
  if (!settings.data) return null;
  const { versionInfoCollectionEnabled: version, featureInfoCollectionEnabled: usage } = settings.data;
  return (
    <Text size="sm" c="dimmed">
      {version || usage
        ? `This server shares ${[version && 'its version', usage && 'feature usage'].filter(Boolean).join(' and ')}.`
        : 'Telemetry is off: this server shares neither its version nor feature usage.'}
    </Text>
  );
}
