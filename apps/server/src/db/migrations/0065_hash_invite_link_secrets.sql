-- Invite link secrets were kept in clear so admins could copy a link again. A link grants an account, so, like API
-- tokens, sessions and personal access tokens, only its SHA-256 hash is kept now (the hash of hashSecret in
-- api-tokens/api-token.ts, which PostgreSQL and PGlite compute the same way); the link is shown once, when created,
-- and lists show a masked form made as maskSecret makes it. Links shared before keep working.
ALTER TABLE invite_links ADD COLUMN display_secret text;
UPDATE invite_links
   SET display_secret = left(secret, 6) || '…' || left(encode(sha256(convert_to(secret, 'UTF8')), 'hex'), 8);
ALTER TABLE invite_links ALTER COLUMN display_secret SET NOT NULL;
ALTER TABLE invite_links ADD CONSTRAINT invite_links_display_secret_key UNIQUE (display_secret);

ALTER TABLE invite_link_users DROP CONSTRAINT invite_link_users_secret_fkey;
UPDATE invite_link_users SET secret = encode(sha256(convert_to(secret, 'UTF8')), 'hex');
UPDATE invite_links SET secret = encode(sha256(convert_to(secret, 'UTF8')), 'hex');
ALTER TABLE invite_links RENAME COLUMN secret TO secret_hash;
ALTER TABLE invite_link_users RENAME COLUMN secret TO secret_hash;
ALTER TABLE invite_link_users
  ADD CONSTRAINT invite_link_users_secret_hash_fkey
  FOREIGN KEY (secret_hash) REFERENCES invite_links (secret_hash) ON DELETE CASCADE;
