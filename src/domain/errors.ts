export type FieldLocation = 'body' | 'query' | 'path' | 'header';

export interface FieldError {
  in: FieldLocation;
  name: string;
  message: string;
}

export type DomainErrorCode = 'invalid' | 'not_found' | 'conflict' | 'unavailable';

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
