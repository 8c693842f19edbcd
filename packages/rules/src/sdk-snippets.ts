/**
 * How an application connects to this server with an official Unleash SDK: the install command and a first
 * program per language, filled with the server's URL, a token and an application name. The admin UI's "Connect your
 * app" panel and the docs show the same text from here.
 */
export type SdkSide = 'server' | 'frontend';

export type SdkLanguage = {
  id: string;
  label: string;
  /** Server SDKs take a client token and read /api/client; frontend SDKs a frontend token and /api/frontend. */
  side: SdkSide;
  /** The package the snippet uses, as its registry names it. */
  sdk: string;
  /** For syntax highlighting and the code block's label. */
  code: 'javascript' | 'jsx' | 'go' | 'java' | 'python' | 'ruby' | 'csharp';
  install: string;
};

export const SDK_LANGUAGES: readonly SdkLanguage[] = [
  {
    id: 'node',
    label: 'Node.js',
    side: 'server',
    sdk: 'unleash-client',
    code: 'javascript',
    install: 'npm install unleash-client',
  },
  {
    id: 'browser',
    label: 'Browser (JavaScript)',
    side: 'frontend',
    sdk: 'unleash-proxy-client',
    code: 'javascript',
    install: 'npm install unleash-proxy-client',
  },
  {
    id: 'react',
    label: 'React',
    side: 'frontend',
    sdk: '@unleash/proxy-client-react',
    code: 'jsx',
    install: 'npm install @unleash/proxy-client-react unleash-proxy-client',
  },
  {
    id: 'go',
    label: 'Go',
    side: 'server',
    sdk: 'github.com/Unleash/unleash-client-go/v4',
    code: 'go',
    install: 'go get github.com/Unleash/unleash-client-go/v4',
  },
  {
    id: 'java',
    label: 'Java',
    side: 'server',
    sdk: 'io.getunleash:unleash-client-java',
    code: 'java',
    install: 'Add io.getunleash:unleash-client-java to your Maven or Gradle dependencies',
  },
  {
    id: 'python',
    label: 'Python',
    side: 'server',
    sdk: 'UnleashClient',
    code: 'python',
    install: 'pip install UnleashClient',
  },
  { id: 'ruby', label: 'Ruby', side: 'server', sdk: 'unleash', code: 'ruby', install: 'gem install unleash' },
  {
    id: 'dotnet',
    label: '.NET',
    side: 'server',
    sdk: 'Unleash.Client',
    code: 'csharp',
    install: 'dotnet add package Unleash.Client',
  },
];

export type SnippetValues = {
  /** Where the server is reached, without a trailing slash: `https://flags.example.com` or `.../unleash`. */
  serverUrl: string;
  token: string;
  appName: string;
  /** The flag the first program asks about. */
  flagName: string;
};

/** The URL an SDK of this side is configured with. */
export function sdkApiUrl(side: SdkSide, serverUrl: string): string {
  const base = serverUrl.replace(/\/+$/, '');
  return side === 'frontend' ? `${base}/api/frontend` : `${base}/api/`;
}

/** A string literal in the snippet's languages (all of them read JSON's double-quoted form). */
const str = (value: string) => JSON.stringify(value);

type Template = (v: SnippetValues & { url: string }) => string;

const TEMPLATES: Record<string, Template> = {
  node: (v) => `import { initialize } from 'unleash-client';

const unleash = initialize({
  url: ${str(v.url)},
  appName: ${str(v.appName)},
  customHeaders: { Authorization: ${str(v.token)} },
});

unleash.on('synchronized', () => {
  console.log(${str(v.flagName)}, unleash.isEnabled(${str(v.flagName)}) ? 'is on' : 'is off');
});
`,
  browser: (v) => `import { UnleashClient } from 'unleash-proxy-client';

const unleash = new UnleashClient({
  url: ${str(v.url)},
  clientKey: ${str(v.token)},
  appName: ${str(v.appName)},
});

unleash.on('ready', () => {
  console.log(${str(v.flagName)}, unleash.isEnabled(${str(v.flagName)}) ? 'is on' : 'is off');
});
unleash.start();
`,
  react: (v) => `import { FlagProvider, useFlag } from '@unleash/proxy-client-react';

const config = {
  url: ${str(v.url)},
  clientKey: ${str(v.token)},
  appName: ${str(v.appName)},
};

function Greeting() {
  const on = useFlag(${str(v.flagName)});
  return <p>${v.flagName.replace(/[<>{}]/g, '')} is {on ? 'on' : 'off'}</p>;
}

export function App() {
  return (
    <FlagProvider config={config}>
      <Greeting />
    </FlagProvider>
  );
}
`,
  go: (v) => `package main

import (
	"fmt"
	"net/http"

	"github.com/Unleash/unleash-client-go/v4"
)

func main() {
	unleash.Initialize(
		unleash.WithUrl(${str(v.url)}),
		unleash.WithAppName(${str(v.appName)}),
		unleash.WithCustomHeaders(http.Header{"Authorization": {${str(v.token)}}}),
	)
	unleash.WaitForReady()
	fmt.Println(${str(v.flagName)}, unleash.IsEnabled(${str(v.flagName)}))
}
`,
  java: (v) => `import io.getunleash.DefaultUnleash;
import io.getunleash.Unleash;
import io.getunleash.util.UnleashConfig;

UnleashConfig config = UnleashConfig.builder()
    .appName(${str(v.appName)})
    .unleashAPI(${str(v.url)})
    .apiKey(${str(v.token)})
    .synchronousFetchOnInitialisation(true)
    .build();
Unleash unleash = new DefaultUnleash(config);
System.out.println(${str(v.flagName)} + " " + unleash.isEnabled(${str(v.flagName)}));
`,
  python: (v) => `from UnleashClient import UnleashClient

client = UnleashClient(
    url=${str(v.url)},
    app_name=${str(v.appName)},
    custom_headers={"Authorization": ${str(v.token)}},
)
client.initialize_client()
print(${str(v.flagName)}, client.is_enabled(${str(v.flagName)}))
`,
  ruby: (v) => `require 'unleash'

unleash = Unleash::Client.new(
  url: ${str(v.url)},
  app_name: ${str(v.appName)},
  custom_http_headers: { 'Authorization' => ${str(v.token)} }
)
puts "${v.flagName.replace(/["#\\]/g, '')} #{unleash.is_enabled?(${str(v.flagName)})}"
`,
  dotnet: (v) => `using Unleash;

var settings = new UnleashSettings
{
    AppName = ${str(v.appName)},
    UnleashApi = new Uri(${str(v.url)}),
    CustomHttpHeaders = new Dictionary<string, string> { ["Authorization"] = ${str(v.token)} },
};
var unleash = new DefaultUnleash(settings);
Console.WriteLine($"${v.flagName.replace(/["{}\\]/g, '')} {unleash.IsEnabled(${str(v.flagName)})}");
`,
};

/** The first program for `languageId`, or undefined for a language this list does not have. */
export function sdkSnippet(languageId: string, values: SnippetValues): string | undefined {
  const language = SDK_LANGUAGES.find((l) => l.id === languageId);
  const template = TEMPLATES[languageId];
  if (!language || !template) return undefined;
  return template({ ...values, url: sdkApiUrl(language.side, values.serverUrl) });
}

/** The token type an SDK of this side needs, as the token API names it. */
export function tokenTypeFor(side: SdkSide): 'client' | 'frontend' {
  return side === 'frontend' ? 'frontend' : 'client';
}
