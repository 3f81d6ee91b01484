export type FieldLocation = 'body' | 'query' | 'path' | 'header';

export interface FieldError {
  in: FieldLocation;
  name: string;
  message: string;
}

/** How many offending fields an error lists (a 64 KiB body can hold thousands). */
export const LISTED_FIELDS = 20;

/** "name message; name message" for the first LISTED_FIELDS fields, then how many more there are. */
export function describeFields(fields: readonly FieldError[]): string {
  const listed = fields.slice(0, LISTED_FIELDS).map((field) => `${field.name} ${field.message}`);
  if (fields.length > LISTED_FIELDS) listed.push(`and ${fields.length - LISTED_FIELDS} more`);
  return listed.join('; ');
}

/** `exhausted`: the store cannot take another of something (transaction ids past 2^53 − 1). */
export type DomainErrorCode = 'invalid' | 'not_found' | 'gone' | 'conflict' | 'unavailable' | 'exhausted';

/**
 * An error a use case raises on purpose. The HTTP layer maps the code to a status and the
 * command line to a message; nothing else about it is engine- or transport-specific.
 */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalidField = (location: FieldLocation, name: string, message: string): DomainError =>
  new DomainError('invalid', `${name} ${message}`, [{ in: location, name, message }]);

/** The store cannot be reached or is too busy; the request may be retried. */
export class StoreUnavailableError extends Error {
  constructor(message: string, readonly retryAfterSeconds = 1, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * The store's data is damaged (SQLite: "database disk image is malformed"). Retrying does not
 * help: writes are refused until an operator restores it, and `recovery` says how (for the log).
 */
export class StoreDamagedError extends StoreUnavailableError {
  constructor(message: string, readonly recovery: string, options?: ErrorOptions) {
    super(message, 0, options);
    this.name = 'StoreDamagedError';
  }
}
