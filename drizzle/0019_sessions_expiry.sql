-- Expired sessions are swept with about one limited request in a hundred (retention.server.ts):
-- read from this index rather than by a scan of every session.
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");