-- The served feed's position (decision record 0063): the number of the last message announced on the served-feed
-- channel. Raised under the history lock by the transaction that sends the message, so numbers follow commit order
-- without a gap, and a state read in the same statement as this row knows which messages it already holds.
CREATE TABLE served_feed (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  position bigint NOT NULL
);
INSERT INTO served_feed (only_row, position) VALUES (true, 0);
