-- Two tabs of one browser refresh with the same token when the access token expires. The first
-- rotates it; the second, arriving a moment later, used to be taken for a stolen token and ended
-- the session. For a few seconds after a rotation, the used token answers with the pair it was
-- rotated into (sealed here with a key derived from the server's signing secret); after that, or
-- once that pair has itself been used, reuse detection stands as before.
ALTER TABLE refresh_tokens ADD COLUMN successor_hash text;
ALTER TABLE refresh_tokens ADD COLUMN successor_sealed text;
