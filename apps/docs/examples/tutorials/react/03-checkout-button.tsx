// React tutorial: update the context when a user signs in; flags and variants are fetched again
// for the new context and the components re-render.
import { FlagProvider, useFlagsStatus, useUnleashContext, useVariant } from '@unleash/proxy-client-react';
import { useState } from 'react';

type Props = {
  /** Switchyard's base URL. */
  url?: string;
  /** A frontend token: safe to ship to browsers, it can only read evaluated flags. */
  clientKey?: string;
};

function CheckoutButton() {
  const variant = useVariant('checkout-button');
  // Anonymous visitors get the "disabled" variant: keep the current button for them.
  if (!variant.enabled) return <button className="checkout">Checkout</button>;
  return <button className={`checkout checkout--${variant.name}`}>{variant.payload?.value}</button>;
}

function SignIn() {
  const updateContext = useUnleashContext();
  const [user, setUser] = useState<string>();

  async function signIn() {
    await updateContext({ userId: 'alice' });
    setUser('alice');
  }

  return user ? <p>Signed in as {user}</p> : <button onClick={signIn}>Sign in as alice</button>;
}

function Page() {
  const { flagsReady } = useFlagsStatus();
  if (!flagsReady) return <p>Loading…</p>;
  return (
    <>
      <SignIn />
      <CheckoutButton />
    </>
  );
}

export default function App({
  url = 'http://localhost:4242',
  clientKey = 'default:development.quickstart-frontend-secret',
}: Props) {
  return (
    <FlagProvider config={{ url: `${url}/api/frontend`, clientKey, appName: 'react-shop' }}>
      <Page />
    </FlagProvider>
  );
}
