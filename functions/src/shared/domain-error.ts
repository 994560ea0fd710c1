// What a repository answers when the data refuses a request: the kind of refusal and an Italian
// message safe to show as it is. It names no HTTP status: the one error handler
// (middleware/error-handler.ts) gives each kind its status, so the data layer stays free of HTTP.

export type DomainErrorKind = 'notFound' | 'notAllowed' | 'invalid';

/** A refusal by the rules of the stored data; its message is safe to show to the user. */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
}

/** A thing the request names is not there, or not one the caller may know of. */
export class NotFoundError extends DomainError {
  readonly kind = 'notFound';
  override readonly name = 'NotFoundError';
}

/** The thing is there, but the caller may not do this with it. */
export class NotAllowedError extends DomainError {
  readonly kind = 'notAllowed';
  override readonly name = 'NotAllowedError';
}

/** The change would break a rule of the stored data (a limit). */
export class InvalidError extends DomainError {
  readonly kind = 'invalid';
  override readonly name = 'InvalidError';
}
