// React SDK (@unleash/proxy-client-react) against Switchyard's Frontend API.
// The docs tests render <App url=... clientKey=... /> against a running server; in your app, read both from your
// build-time configuration instead.
import {
  FlagProvider,
  useFlag,
  useFlagsStatus,
  useUnleashContext,
  useVariant,
  type IConfig,
} from '@unleash/proxy-client-react';
import { useState } from 'react';

type AppProps = {
  /** Switchyard's base URL; the Frontend API is under /api/frontend. */
  url?: string;
  /** A frontend token, e.g. default:development.quickstart-frontend-secret */
  clientKey?: string;
};

export default function App({
  url = 'http://localhost:4242',
  clientKey = 'default:development.quickstart-frontend-secret',
}: AppProps) {
  const config: IConfig = {
    url: `${url}/api/frontend`, // client-side SDKs use the Frontend API
    clientKey, // a frontend token
    appName: 'docs-react-example',
    refreshInterval: 15, // seconds between refreshes
    context: { userId: '42', properties: { plan: 'pro' } },
  };
  return (
    <FlagProvider config={config}>
      <Checkout />
    </FlagProvider>
  );
}

function Checkout() {
  const { flagsReady, flagsError } = useFlagsStatus();
  const enabled = useFlag('docs.sdk-example');
  const variant = useVariant('docs.sdk-example');
  const updateContext = useUnleashContext();
  const [plan, setPlan] = useState('pro');

  if (flagsError) return <p role="alert">Could not reach Switchyard; showing defaults.</p>;
  if (!flagsReady) return <p>Loading flags…</p>;

  // A JSON payload travels with the variant: here, the button colour of the experiment.
  const color =
    variant.payload?.type === 'json'
      ? (JSON.parse(variant.payload.value) as { color: string }).color
      : undefined;

  const switchPlan = async () => {
    const next = plan === 'pro' ? 'free' : 'pro';
    setPlan(next);
    await updateContext({ userId: '42', properties: { plan: next } }); // asks Switchyard again for the new context
  };

  return (
    <section>
      <p data-testid="flag">
        docs.sdk-example is {enabled ? 'on' : 'off'} for plan {plan}
      </p>
      <p data-testid="variant">variant: {variant.name ?? 'disabled'}</p>
      <button
        type="button"
        style={color ? { background: color } : undefined}
        onClick={() => void switchPlan()}
      >
        Switch to the {plan === 'pro' ? 'free' : 'pro'} plan
      </button>
    </section>
  );
}
