import { defaultMessages } from '@portal/contracts';

/**
 * A failure the caller can act on, named by a code of the contracts catalogue. Services throw it;
 * the one error handler turns it into an envelope with `httpStatusFor(code)`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: number,
    message?: string,
  ) {
    super(message ?? defaultMessages[code] ?? '操作失败');
    this.name = 'DomainError';
  }
}
