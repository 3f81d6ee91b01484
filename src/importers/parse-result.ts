// Per-record parsing returns either a value or the reason it failed. A class (not a thrown
// error) keeps the hot CSV loop free of try/catch and lets callers test with `instanceof`.

export class ParseFailure {
  constructor(readonly reason: string) {}
}

export type ParseResult<T> = T | ParseFailure;
