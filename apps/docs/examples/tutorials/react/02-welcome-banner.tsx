// React tutorial: wrap the app in FlagProvider once, then read flags with hooks anywhere below it.
import { FlagProvider, useFlag, useFlagsStatus } from '@unleash/proxy-client-react';

type Props = {
  /** Switchyard's base URL. */
  url?: string;
  /** A frontend token: safe to ship to browsers, it can only read evaluated flags. */
  clientKey?: string;
};

function WelcomeBanner() {
  const { flagsReady, flagsError } = useFlagsStatus();
  const showBanner = useFlag('welcome-banner');

  if (flagsError) return <p role="alert">Could not load feature flags.</p>;
  if (!flagsReady) return <p>Loading…</p>;
  return showBanner ? <h1>Welcome to the new shop!</h1> : <h1>Welcome!</h1>;
}

export default function App({
  url = 'http://localhost:4242',
  clientKey = 'default:development.quickstart-frontend-secret',
}: Props) {
  return (
    <FlagProvider config={{ url: `${url}/api/frontend`, clientKey, appName: 'react-shop' }}>
      <WelcomeBanner />
    </FlagProvider>
  );
}
