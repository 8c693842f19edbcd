-- Messages shown at the top of the admin UI to every signed-in user while enabled.
CREATE TABLE banners (
  id serial PRIMARY KEY,
  message text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  variant text NOT NULL DEFAULT 'info',
  sticky boolean NOT NULL DEFAULT false,
  icon text,
  link text,
  link_text text,
  dialog_title text,
  dialog text,
  created_at timestamptz NOT NULL DEFAULT now()
);
