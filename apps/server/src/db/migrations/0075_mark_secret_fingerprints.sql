-- Lists now show the real first and last characters of a token's or invite link's secret. Rows listed before show
-- the first characters and 8 characters of the secret's hash, which are not its ending: mark those with `#` after
-- the ellipsis, as new short secrets are marked, so the admin UI leaves the fingerprint out.
UPDATE api_tokens SET display_secret = replace(display_secret, '…', '…#') WHERE display_secret NOT LIKE '%…#%';
UPDATE invite_links SET display_secret = replace(display_secret, '…', '…#') WHERE display_secret NOT LIKE '%…#%';
