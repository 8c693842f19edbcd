import useBaseUrl from '@docusaurus/useBaseUrl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  SERVED_KEY,
  SERVER_INFO_FILE,
  SERVER_KEY,
  TOKEN_KEY,
  servedUrl,
  startingServer,
  formatBody,
  initialValues,
  missingParameters,
  tryItUrl,
  type TryItParameter,
} from './try-it-request';
import styles from './api.module.css';

type Props = {
  method: string;
  path: string;
  defaultServer: string;
  authenticated: boolean;
  parameters: TryItParameter[];
  body: string | null;
};

type Result = { status: number; statusText: string; body: string; ms: number } | { error: string };

/**
 * Sends the operation to a Switchyard the reader runs. The server URL starts as the one the docs server announces
 * (`npm start` runs both, on whatever port), or the one the reader typed, remembered in localStorage; the token is
 * kept only in sessionStorage, so it does not outlive the tab.
 */
export default function TryIt({
  method,
  path,
  defaultServer,
  authenticated,
  parameters,
  body,
}: Props): ReactNode {
  const [server, setServer] = useState(defaultServer);
  const [token, setToken] = useState('');
  const [values, setValues] = useState(() => initialValues(parameters));
  const [requestBody, setRequestBody] = useState(body ?? '');
  const [result, setResult] = useState<Result | undefined>();
  const [sending, setSending] = useState(false);
  const [served, setServed] = useState<string | undefined>();
  const infoUrl = useBaseUrl(`/${SERVER_INFO_FILE}`);
  // A URL typed while the announcement is on its way is the reader's, and stays.
  const edited = useRef(false);

  useEffect(() => {
    setToken(window.sessionStorage.getItem(TOKEN_KEY) ?? '');
    const start = (announced: string | undefined) => {
      setServed(announced);
      if (edited.current) return;
      setServer(
        startingServer({
          remembered: window.localStorage.getItem(SERVER_KEY),
          rememberedBeside: window.localStorage.getItem(SERVED_KEY),
          served: announced,
          fallback: defaultServer,
        }),
      );
    };
    let current = true;
    fetch(infoUrl, { cache: 'no-store' })
      .then((response) => (response.ok ? response.json() : undefined))
      .then(
        (info: unknown) => current && start(servedUrl(info)),
        () => current && start(undefined),
      );
    return () => {
      current = false;
    };
  }, [defaultServer, infoUrl]);

  const missing = missingParameters(parameters, values);
  const url = tryItUrl(server, path, parameters, values);

  async function send() {
    setSending(true);
    const started = performance.now();
    try {
      const headers: Record<string, string> = {};
      if (token.trim()) headers.Authorization = token.trim();
      if (body !== null) headers['Content-Type'] = 'application/json';
      const response = await fetch(url, {
        method: method.toUpperCase(),
        headers,
        body: body !== null ? requestBody : undefined,
      });
      const text = await response.text();
      setResult({
        status: response.status,
        statusText: response.statusText,
        body: formatBody(text),
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      setResult({
        error: `${String(error)}. Is Switchyard running at ${server}, and does it accept requests from this page's origin (CORS)?`,
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={styles.tryIt}>
      <label className={styles.field}>
        <span>Server URL</span>
        <input
          type="url"
          value={server}
          onChange={(e) => {
            edited.current = true;
            setServer(e.target.value);
            window.localStorage.setItem(SERVER_KEY, e.target.value);
            if (served) window.localStorage.setItem(SERVED_KEY, served);
            else window.localStorage.removeItem(SERVED_KEY);
          }}
        />
      </label>
      {authenticated && (
        <label className={styles.field}>
          <span>API token</span>
          <input
            type="password"
            autoComplete="off"
            placeholder="*:*.admin-secret"
            value={token}
            onChange={(e) => {
              setToken(e.target.value);
              window.sessionStorage.setItem(TOKEN_KEY, e.target.value);
            }}
          />
        </label>
      )}
      {parameters.map((p) => (
        <label key={`${p.in}:${p.name}`} className={styles.field}>
          <span>
            {p.name}{' '}
            <small>
              ({p.in}
              {p.required ? ', required' : ''})
            </small>
          </span>
          <input
            value={values[p.name] ?? ''}
            onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
          />
        </label>
      ))}
      {body !== null && (
        <label className={styles.field}>
          <span>Body (JSON)</span>
          <textarea
            rows={Math.min(16, requestBody.split('\n').length + 1)}
            value={requestBody}
            onChange={(e) => setRequestBody(e.target.value)}
          />
        </label>
      )}
      <div className={styles.sendLine}>
        <button
          type="button"
          className="button button--primary"
          disabled={sending || missing.length > 0}
          onClick={() => void send()}
        >
          {sending ? 'Sending…' : 'Send'}
        </button>
        <code className={styles.url}>
          {method.toUpperCase()} {url}
        </code>
      </div>
      {missing.length > 0 && <div className={styles.rules}>Fill in: {missing.join(', ')}</div>}
      {result && 'error' in result && (
        <div role="alert" className={styles.tryItError}>
          {result.error}
        </div>
      )}
      {result && 'status' in result && (
        <div className={styles.tryItResult}>
          <div>
            Status <strong>{result.status}</strong> {result.statusText} · {result.ms} ms
          </div>
          {result.body && <pre>{result.body}</pre>}
        </div>
      )}
    </div>
  );
}
