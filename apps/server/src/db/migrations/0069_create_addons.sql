-- Integrations (Unleash: addons): where events go, the outbox of their deliveries and the log of every attempt.
CREATE TABLE addons (
  id serial PRIMARY KEY,
  provider text NOT NULL,
  description text,
  enabled boolean NOT NULL DEFAULT true,
  parameters jsonb NOT NULL DEFAULT '{}',
  events text[] NOT NULL DEFAULT '{}',
  projects text[] NOT NULL DEFAULT '{}',
  environments text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The outbox: written in the transaction of the event, sent later by a worker in order per addon.
CREATE TABLE addon_deliveries (
  id bigserial PRIMARY KEY,
  addon_id integer NOT NULL REFERENCES addons (id) ON DELETE CASCADE,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  -- pending until sent or given up on: success or failed.
  state text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A worker's claim: until then no other process sends it; a crashed worker's claim simply runs out.
  claimed_until timestamptz,
  claim_token text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (addon_id, event_id)
);
CREATE INDEX addon_deliveries_pending ON addon_deliveries (addon_id, id) WHERE state = 'pending';

-- One row per attempt: the delivery log.
CREATE TABLE addon_delivery_attempts (
  id bigserial PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES addon_deliveries (id) ON DELETE CASCADE,
  addon_id integer NOT NULL REFERENCES addons (id) ON DELETE CASCADE,
  event_id integer NOT NULL,
  state text NOT NULL,
  state_details text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addon_delivery_attempts_addon ON addon_delivery_attempts (addon_id, id);
