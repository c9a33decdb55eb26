/** Counters other connections can read, e.g. when stakeholders last changed (the name index is rebuilt then). */
export default /* sql */ `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
`
