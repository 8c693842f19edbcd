import { describe, expect, it } from 'vitest';
import { compareVersions, outdatedSdks, parseSdkVersion } from './sdk-version.ts';

describe('SDK versions', () => {
  it('parse name and version, and compare numerically', () => {
    expect(parseSdkVersion('unleash-node-sdk:6.12.1')).toEqual({
      name: 'unleash-node-sdk',
      version: '6.12.1',
    });
    expect(parseSdkVersion('no-version')).toBeUndefined();
    expect(compareVersions('1.10.0', '1.9.3')).toBe(1);
    expect(compareVersions('v2.0.0', '2.0.0-beta.1')).toBe(0);
    expect(compareVersions('1.2', '1.2.1')).toBe(-1);
  });

  it('call a version outdated when an application reports a newer one of the same SDK', () => {
    expect(
      outdatedSdks([
        { sdkVersion: 'unleash-node-sdk:5.4.0', appName: 'billing' },
        { sdkVersion: 'unleash-node-sdk:6.12.1', appName: 'checkout' },
        { sdkVersion: 'unleash-node-sdk:5.4.0', appName: 'admin' },
        { sdkVersion: 'unleash-client-go:4.1.0', appName: 'search' },
        { sdkVersion: 'garbage', appName: 'x' },
      ]),
    ).toEqual([{ sdkVersion: 'unleash-node-sdk:5.4.0', applications: ['admin', 'billing'] }]);
  });
});
