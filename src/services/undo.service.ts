import type { ChangeUndoOutcome } from '../domain/change-undo.js';
import { DomainError } from '../domain/errors.js';
import type { Store } from '../store/store.js';

export type ChangeUndone = Extract<ChangeUndoOutcome, { status: 'undone' }> & { undone: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Undo by change (docs/undo.md): `POST /changes/{change}/undo` and `moneta undo <change>`. The
 * store reverts the change from its before-images; here an outcome that reverted nothing
 * becomes the error a client sees, naming the `change` parameter.
 */
export class UndoService {
  constructor(
    private readonly store: Pick<Store, 'undo'>,
    private readonly now: () => number = Date.now,
  ) {}

  async undo(change: number): Promise<ChangeUndone> {
    const field = (message: string) => [{ in: 'path' as const, name: 'change', message }];
    // The contract allows any int64; tokens are handed out from 1 and never reach 2^53, and a
    // larger one cannot be read exactly (PostgreSQL refused the rounded value: a 500 in fuzzing).
    if (!Number.isSafeInteger(change)) throw new DomainError('not_found', 'no such change was made on this server (change tokens stay below 2^53)', field('names no change'));
    const outcome = await this.store.undo.undo(change, this.now());
    switch (outcome.status) {
      case 'undone':
        return { ...outcome, undone: change };
      case 'unknown':
        throw new DomainError('not_found', `no change ${change} was made on this server`, field('names no change'));
      case 'expired':
        throw new DomainError('gone', `change ${change} is older than the undo retention: its before-images were purged`, field('is too old to undo'));
      case 'not-undoable':
        throw new DomainError('conflict', `change ${change} changed banks, categories, groups or accounts, which have no undo: change them back by hand`, field('has no undo'));
      case 'undone-already':
        throw new DomainError('conflict', `change ${change} was undone already, by change ${outcome.by} (undo that to redo it)`, field(`was undone by change ${outcome.by}`));
    }
  }

  /** Forgets the before-images of changes older than `retentionDays`; returns how many changes. */
  purgeExpired(retentionDays: number): Promise<number> {
    return this.store.undo.purge(this.now() - retentionDays * DAY_MS);
  }
}
