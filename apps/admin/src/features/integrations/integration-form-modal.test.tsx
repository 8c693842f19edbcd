import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import {
  formOf,
  integrationBody,
  integrationFormProblems,
  IntegrationFormModal,
} from './integration-form-modal.tsx';
import type { Integration, Provider } from './use-integrations.ts';

afterEach(() => vi.unstubAllGlobals());

const webhook: Provider = {
  name: 'webhook',
  displayName: 'Webhook',
  description: 'Sends events to a URL.',
  documentationUrl: '/reference/integrations/webhook',
  parameters: [
    { name: 'url', displayName: 'URL', type: 'url', required: true, sensitive: true },
    {
      name: 'customHeaders',
      displayName: 'Extra HTTP headers',
      type: 'textfield',
      required: false,
      sensitive: true,
    },
    {
      name: 'bodyTemplate',
      displayName: 'Body template',
      type: 'textfield',
      required: false,
      sensitive: false,
    },
  ],
  events: ['feature-created', 'feature-environment-enabled'],
};

const saved: Integration = {
  id: 4,
  provider: 'webhook',
  description: 'release bot',
  enabled: true,
  parameters: { url: '*****', bodyTemplate: '{{event.type}}' },
  events: ['feature-created'],
  projects: ['web'],
  environments: [],
};

describe('integration form', () => {
  it('checks required parameters, URLs, header JSON and events before sending', () => {
    expect(integrationFormProblems(webhook, formOf(undefined))).toEqual({
      'parameters.url': 'URL is required',
      events: 'Choose at least one event',
    });
    const form = { ...formOf(undefined), events: ['feature-created'] };
    expect(
      integrationFormProblems(webhook, {
        ...form,
        parameters: { url: 'hooks.example.com', customHeaders: '[1]' },
      }),
    ).toEqual({
      'parameters.url': 'An http or https URL',
      'parameters.customHeaders': 'A JSON object such as {"X-Team": "checkout"}',
    });
    expect(integrationFormProblems(webhook, formOf(saved))).toEqual({});
  });

  it('sends masked secrets back unchanged, leaves empty parameters out and splits the lists', () => {
    expect(integrationBody(webhook, { ...formOf(saved), environments: 'production, staging' })).toEqual({
      provider: 'webhook',
      description: 'release bot',
      enabled: true,
      parameters: { url: '*****', bodyTemplate: '{{event.type}}' },
      events: ['feature-created'],
      projects: ['web'],
      environments: ['production', 'staging'],
    });
  });

  it('picks every event at once, shows placeholders as examples and help without backticks', async () => {
    const described: Provider = {
      ...webhook,
      parameters: [
        {
          name: 'url',
          displayName: 'URL',
          type: 'url',
          required: true,
          sensitive: true,
          placeholder: 'https://hooks.example.com/flags',
          description: 'Receives a `POST` for each event.',
        },
      ],
    };
    renderUi(<IntegrationFormModal provider={described} onClose={() => undefined} />);
    const url = screen.getByRole('textbox', { name: /^URL/ });
    expect(url.getAttribute('placeholder')).toBe('e.g. https://hooks.example.com/flags');
    expect(screen.getByText('POST').tagName).toBe('CODE');
    expect(screen.queryByText(/`/)).toBeNull();

    // Each picked event adds its pill beside the option the list always holds.
    const shown = () => screen.queryAllByText('feature-environment-enabled').length;
    const before = shown();
    const all = screen.getByRole('checkbox', { name: 'All events (2)' });
    await userEvent.click(all);
    expect(shown()).toBe(before + 1);
    expect((all as HTMLInputElement).checked).toBe(true);
    await userEvent.click(all);
    expect(shown()).toBe(before);
    expect((all as HTMLInputElement).checked).toBe(false);
  });

  it("shows the server's refusal on the parameter it names", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            name: 'BadDataError',
            message: 'Request validation failed',
            details: [{ path: '/body/parameters/url', message: 'url is refused: a private address' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderUi(<IntegrationFormModal provider={webhook} integration={saved} onClose={() => undefined} />);
    const url = screen.getByRole('textbox', { name: /^URL/ });
    await userEvent.clear(url);
    await userEvent.type(url, 'http://10.0.0.1/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Save integration' }));
    expect(await screen.findByText('url is refused: a private address')).toBeTruthy();
  });
});
