-- When each token's coming expiry was told (decision record 0058): once, by whichever process looks first, and again
-- after its expiry is changed.
ALTER TABLE api_tokens ADD COLUMN expiry_warned_at timestamptz;
ALTER TABLE personal_access_tokens ADD COLUMN expiry_warned_at timestamptz;
