/** An API token as stored: the token itself is never kept, only its SHA-256. */
export interface ApiTokenRecord {
  name: string;
  /** Hex SHA-256 of the token. */
  hash: string;
  readOnly: boolean;
  /** ISO 8601 timestamp. */
  createdAt: string;
}
